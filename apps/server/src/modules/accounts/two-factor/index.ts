/** The public face of accounts/two-factor: what other modules may import from it (the rest is its own). */
export { companyRequiresSecondFactor, findSignInUser, hasSecondFactor, purgeExpiredChallenges, signOutUsersWithoutSecondFactor } from './repository.js';
export { registerTwoFactorRoutes } from './routes.js';
export { TwoFactorService, type PasskeyFactor, type SessionOpener } from './service.js';
