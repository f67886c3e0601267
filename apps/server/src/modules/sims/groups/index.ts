/** The public face of sims/groups: what other modules may import from it (the rest is its own). */
export { listGroups as listCompanyGroups } from './repository.js';
