/** The public face of accounts/passkeys: what other modules may import from it (the rest is its own). */
export { purgeExpiredPasskeyChallenges } from './repository.js';
export { registerPasskeyRoutes } from './routes.js';
export { PasskeyService, type SessionOpener as PasskeySessionOpener } from './service.js';
