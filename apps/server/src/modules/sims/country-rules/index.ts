/** The public face of sims/country-rules: what other modules may import from it. */
export { countryWarnings } from './service.js';
