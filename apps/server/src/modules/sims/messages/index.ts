/** The public face of sims/messages: what other modules may import from it (the rest is its own). */
export { registerSimMessageRoutes } from './routes.js';
export { recordDeviceSms } from './device-sms.js';
