/** Moved to lib/ (the reports filter uses it too). */
export { scopeCompaniesQuery } from '@/lib/scope-companies-query';
