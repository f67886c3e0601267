/** The public face of accounts/auth: what other modules may import from it (the rest is its own). */
export { revokeAllFamilies, revokeFamily } from './repository.js';
export type { AuthService, ClientInfo } from './service.js';
