/** The public face of content/version: what other modules may import from it (the rest is its own). */
export { isUpdateRequired, VersionService } from './service.js';
