/** The public face of accounts/two-factor: what other modules may import from it (the rest is its own). */
export { hasConfirmedTotp, purgeExpiredChallenges, signOutUsersWithoutSecondFactor } from './repository.js';
export { registerTwoFactorRoutes } from './routes.js';
export { TwoFactorService, type SessionOpener } from './service.js';
