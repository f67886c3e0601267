/** The public face of accounts/companies: what other modules may import from it (the rest is its own). */
export { findExistingCompanies } from './scope-repository.js';
export { resolveCompanyScope } from './scope.js';
export type { CompanyScope } from './scope.js';
export { insertUser as insertCompanyUser } from './own/users-repository.js';
