export { registerNetworkStatusRoutes } from './routes.js';
