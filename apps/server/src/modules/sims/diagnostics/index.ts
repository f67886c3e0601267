export { registerSimDiagnosticsRoutes } from './routes.js';
