/** The orders feature's query keys; an `order` event (app/realtime) refreshes them all. */
export const ORDERS_KEY = ['orders'] as const;
