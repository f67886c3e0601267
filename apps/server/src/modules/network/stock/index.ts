/** The public face of network/stock: what other modules may import from it (the rest is its own). */
export { issueSimsFromStock, type StockAllocation } from './service.js';
export { readSubscriberKeys, type SubscriberKeys } from './subscriber-keys.js';
