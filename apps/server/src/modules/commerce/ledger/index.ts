/** The public face of commerce/ledger: what other modules may import from it (the rest is its own). */
export { BalanceInsufficientError, postLedgerEntry } from './repository.js';
export type { PostedEntry } from './repository.js';
