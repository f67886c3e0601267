import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@cab/contract/profile';
import { ApiError } from '@/lib/api-error';
import { requestResetLink, resetPassword } from '../api/forgot-api';

function inputClass(error: string | undefined): string {
  return `p-inputtext p-component${error ? ' p-invalid' : ''}`;
}

function useServerError() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const fail = (caught: unknown) =>
    setError(caught instanceof ApiError && caught.message ? caught.message : t('common.unexpectedError'));
  return { error, setError, fail };
}

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="auth-form__error" role="alert" data-testid="forgot-error">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      {message}
    </div>
  );
}

function SubmitButton({ busy, label, testId }: { busy: boolean; label: string; testId: string }) {
  return (
    <button type="submit" className="p-button p-component" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <i className="pi pi-spin pi-spinner p-button-icon p-button-icon-left" aria-hidden="true" />}
      <span className="p-button-label">{label}</span>
    </button>
  );
}

/** Step 1: the e-mail; the answer never tells whether it is registered. */
function RequestForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const server = useServerError();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? 'auth.emailRequired' : /^\S+@\S+\.\S+$/.test(value) ? undefined : 'auth.emailInvalid';
    setInvalid(problem);
    if (problem) return;
    server.setError(null);
    setBusy(true);
    try {
      await requestResetLink({ email: value });
      setSent(true);
    } catch (error) {
      server.fail(error);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p className="auth-card__subtitle" role="status" data-testid="forgot-sent">
        {t('forgot.sent')}
      </p>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-card__subtitle">{t('forgot.subtitle')}</p>
      <div className="field">
        <label htmlFor="forgot-email">{t('forgot.email')}</label>
        <input
          id="forgot-email"
          type="email"
          autoComplete="username"
          autoFocus
          maxLength={200}
          className={inputClass(invalid)}
          aria-invalid={Boolean(invalid)}
          aria-describedby={invalid ? 'forgot-email-error' : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="forgot-email"
        />
        {invalid && (
          <small id="forgot-email-error" className="p-error" data-testid="forgot-email-error">
            {t(invalid)}
          </small>
        )}
      </div>
      <ServerError message={server.error} />
      <SubmitButton busy={busy} label={t('forgot.submit')} testId="forgot-submit" />
    </form>
  );
}

/** Step 2: the new password, with the token from the mailed link. */
function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const server = useServerError();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const next = {
      password: password.length < PASSWORD_MIN_LENGTH ? t('forgot.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : undefined,
      repeat: repeat !== password ? t('forgot.mismatch') : undefined,
    };
    setErrors(next);
    if (next.password || next.repeat) return;
    server.setError(null);
    setBusy(true);
    try {
      await resetPassword({ token, password });
      setDone(true);
    } catch (error) {
      server.fail(error);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="auth-form" role="status" data-testid="reset-done">
        <p className="auth-card__subtitle">{t('forgot.done')}</p>
        <Link to="/login" className="p-button p-component" data-testid="reset-login">
          <span className="p-button-label">{t('forgot.toLogin')}</span>
        </Link>
      </div>
    );
  }
  const field = (id: 'reset-password' | 'reset-repeat', label: string, value: string, set: (v: string) => void, error?: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        className={inputClass(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => set(event.target.value)}
        data-testid={id}
      />
      {error && (
        <small id={`${id}-error`} className="p-error" data-testid={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-card__subtitle">{t('forgot.resetSubtitle')}</p>
      {field('reset-password', t('forgot.password'), password, setPassword, errors.password)}
      {field('reset-repeat', t('forgot.repeat'), repeat, setRepeat, errors.repeat)}
      <ServerError message={server.error} />
      <SubmitButton busy={busy} label={t('forgot.resetSubmit')} testId="reset-submit" />
    </form>
  );
}

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <div className="auth-card__logo" aria-hidden="true">
        <i className="pi pi-key" />
      </div>
      <h1 id="forgot-title" className="auth-card__title" data-testid="page-title">
        {t('pages.forgot')}
      </h1>
      {token ? <ResetForm token={token} /> : <RequestForm />}
      <div className="auth-card__links">
        <Link to="/login">{t('forgot.back')}</Link>
      </div>
    </section>
  );
}
