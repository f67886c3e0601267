/** The public face of commerce/billing: what other modules may import from it (the rest is its own). */
export { allocateBillNumber, closeBill, insertBill } from './bill-repository.js';
export { runBillingCycle } from './engine.js';
export type { BillingDeps } from './engine.js';
export { reconcileFinancialBlocks } from './financial.js';
export type { FinancialDeps } from './financial.js';
export { announcePosting } from './notices.js';
export { describeReason, systemReason } from './texts.js';
