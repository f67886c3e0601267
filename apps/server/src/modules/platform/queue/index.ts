/** The public face of platform/queue: what other modules may import from it (the rest is its own). */
export { checkTargets, selectionWhere, startQueueItem } from './create-service.js';
export type { QueueDeps } from './create-service.js';
export { findItem, findStalledItems, finishItem, insertItem, setItemCount } from './item-repository.js';
export { lockCompanyQueue, runningLoad } from './limits-repository.js';
export { announceProgress, itemToQueueItem } from './progress.js';
export { streamResultsCsv } from './results-csv.js';
export { startSimEditItem } from './sim-edit-start.js';
export { countSims, insertPendingResults, releaseClaims, resultsWhere } from './results-repository.js';
export { BatchInterruptedError, runQueueItem } from './runner.js';
export type { QueueRunnerDeps } from './runner.js';
