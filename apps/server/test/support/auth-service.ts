import { PasswordAttempts } from '../../src/auth/password-attempts.js';
import { AccessTokens } from '../../src/auth/tokens.js';
import { AuthService } from '../../src/modules/accounts/auth/service.js';
import { JWT_SECRET, type TestApp } from './test-app.js';

/** The app's own session service, for tests that open sessions without /api/login (rate-limited, under test). */
export function authServiceOf(t: TestApp): AuthService {
  const attempts = new PasswordAttempts(t.database.db, {
    windowMinutes: t.config.AUTH_WINDOW_MINUTES,
    accountMaxFailures: t.config.AUTH_ACCOUNT_MAX_FAILURES,
    clientMaxFailures: t.config.AUTH_IP_MAX_FAILURES,
    clientBlockFailures: t.config.AUTH_IP_BLOCK_FAILURES,
  });
  return new AuthService(t.database.db, new AccessTokens(JWT_SECRET), attempts);
}
