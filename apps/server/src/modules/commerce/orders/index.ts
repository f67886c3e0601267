/** The public face of commerce/orders: what other modules may import from it (the rest is its own). */
export { noticeCompany } from './company-notices.js';
export { findOrder, lockOrder, reserveOrderNumber, setOrderStatus } from './repository.js';
