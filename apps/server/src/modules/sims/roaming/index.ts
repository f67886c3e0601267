/** The public face of sims/roaming: what other modules may import from it (the rest is its own). */
export { applyDueRoamingChanges } from './apply.js';
