/** The public face of accounts/sso: single sign-on with each company's OpenID provider. */
export { OidcProviders } from './provider.js';
export { purgeExpiredSignIns } from './repository.js';
export { registerSsoRoutes } from './routes.js';
export { SsoService } from './service.js';
