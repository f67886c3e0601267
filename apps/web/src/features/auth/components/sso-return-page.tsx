import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SecondFactorChallenge } from '@cab/contract/two-factor';
import { ApiError } from '@/lib/api-error';
import { completeLogin } from '@/lib/session';
import { finishSso } from '../api/login';
import { SecondFactorStep } from './second-factor-step';

type Outcome =
  | { kind: 'pending' }
  | { kind: 'failed'; message: string }
  | { kind: 'challenge'; challenge: SecondFactorChallenge['second_factor'] };

/**
 * One answer per state, whoever asks: the server takes a state once, so a second call (a re-mounted
 * effect) must wait for the first instead of spending it again.
 */
const finishing = new Map<string, ReturnType<typeof finishSso>>();

/** What the provider sent the browser back with; read once, then taken out of the address bar. */
function readReturn(): { state: string; code: string; iss?: string } | { error: string } | null {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state') ?? '';
  const error = params.get('error');
  if (error) return { error: (params.get('error_description') ?? error).slice(0, 300) };
  const code = params.get('code');
  if (!state || !code) return null;
  const iss = params.get('iss');
  return iss ? { state, code, iss } : { state, code };
}

/** Route module /login/sso: where the company's OpenID provider sends the browser back (issue 22.5). */
export function Component() {
  const { t } = useTranslation();
  const [back] = useState(readReturn);
  const [outcome, setOutcome] = useState<Outcome>(() => {
    if (!back) return { kind: 'failed', message: t('sso.failedTitle') };
    if ('error' in back) return { kind: 'failed', message: t('sso.providerError', { error: back.error }) };
    return { kind: 'pending' };
  });

  useEffect(() => {
    if (!back || 'error' in back) return;
    // The code is single use and short-lived: not kept in the history for a reload to spend again.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const pending = finishing.get(back.state) ?? finishSso(back);
    finishing.set(back.state, pending);
    let live = true;
    pending.then(
      (result) => {
        if (!live) return;
        if (!result) setOutcome({ kind: 'failed', message: t('common.unexpectedError') });
        else if ('second_factor' in result) setOutcome({ kind: 'challenge', challenge: result.second_factor });
        else completeLogin(result);
      },
      (error: unknown) => {
        if (live)
          setOutcome({
            kind: 'failed',
            message: error instanceof ApiError && error.message ? error.message : t('common.unexpectedError'),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [back, t]);

  return (
    <section className="auth-card" aria-labelledby="sso-return-title">
      <div className="auth-card__logo" aria-hidden="true">
        <i className="pi pi-sign-in" />
      </div>
      <h1 id="sso-return-title" className="auth-card__title" data-testid="page-title">
        {outcome.kind === 'failed' ? t('sso.failedTitle') : t('sso.loginButton')}
      </h1>
      {outcome.kind === 'pending' && (
        <p className="auth-card__subtitle" role="status" data-testid="sso-returning">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('sso.returning')}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <div className="auth-form__error" role="alert" data-testid="sso-error">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          {outcome.message}
        </div>
      )}
      {outcome.kind === 'challenge' && (
        <SecondFactorStep challenge={outcome.challenge} onRestart={() => window.location.assign('/login')} />
      )}
      {outcome.kind !== 'pending' && (
        <div className="auth-card__links">
          <Link to="/login">{t('sso.backToLogin')}</Link>
        </div>
      )}
    </section>
  );
}
