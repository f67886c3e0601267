/** The public face of content/banner: what other modules may import from it (the rest is its own). */
export { createContentQueues } from './jobs.js';
export { bannerForUser, BannerService } from './service.js';
