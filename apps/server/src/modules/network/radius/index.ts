/** The public face of network/radius (root's RADIUS tools): its routes. */
export { registerRadiusRoutes } from './routes.js';
