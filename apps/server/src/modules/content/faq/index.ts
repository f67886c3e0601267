/** The public face of content/faq: what other modules may import from it (the rest is its own). */
export { FaqService } from './service.js';
