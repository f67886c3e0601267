/** The public face of platform/dashboard: what other modules may import from it (the rest is its own). */
export { compactSimStateCounts } from './repository.js';
