/** The public face of platform/operations: what other modules may import from it (the rest is its own). */
export { purgeExpiredOperations } from './retention.js';
