/**
 * The public face of sims/edit (issue 25.6): names, external ids and labels of many SIMs from a CSV
 * file, as a queue operation with a result per line. `planSimEdit` checks a file; the queue starts
 * the item (`insertLines` in its transaction) and runs it (`simEditOutcomes`, then `applySimEdit` in
 * the transaction that records the outcomes).
 */
export { registerSimEditRoutes, type SimEditDeps } from './routes.js';
export { applySimEdit, insertLines, planSimEdit, simEditOutcomes, type EditRef, type SimEditOutcome, type SimEditPlan } from './service.js';
