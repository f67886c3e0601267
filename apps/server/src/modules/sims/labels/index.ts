/**
 * The public face of sims/labels: what other modules may import from it (the rest is its own).
 * To select "SIMs with label X in company C": hasLabel (a condition over a SIM row alias),
 * simIdsWithLabelQuery (a subquery of ids), simIdsWithLabel / simHasLabel (answers).
 */
export { hasLabel, simHasLabel, simIdsWithLabel, simIdsWithLabelQuery } from './membership.js';
export { registerSimLabelRoutes } from './routes.js';
