/** The public face of sims/usage: what other modules may import from it (the rest is its own). */
export { rebuildCoarseRollups, usageHousekeeping } from './records-repository.js';
export { applyNetworkEvents } from './service.js';
export { registerSimUsageRoutes } from './routes.js';
