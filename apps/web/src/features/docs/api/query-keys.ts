/** The bills' query keys; an `order` event (app/realtime) refreshes them all (an order issues a bill). */
export const BILLS_KEY = ['bills'] as const;
