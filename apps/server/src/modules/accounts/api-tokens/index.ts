/** The public face of accounts/api-tokens: what other modules may import from it (the rest is its own). */
export { revokeTokensOfUser } from './repository.js';
