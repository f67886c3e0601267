/** The public face of accounts/me: what other modules may import from it (the rest is its own). */
export { centsToEur } from './service.js';
