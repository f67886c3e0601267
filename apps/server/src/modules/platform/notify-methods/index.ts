/** The public face of platform/notify-methods: what other modules may import from it (the rest is its own). */
export { connectNotifyDelivery } from './jobs.js';
