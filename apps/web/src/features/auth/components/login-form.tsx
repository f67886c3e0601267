import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '@/lib/session';
import { ApiError } from '@/lib/api-error';
import type { SecondFactorChallenge } from '@cab/contract/two-factor';
import { PasskeyProblem, passkeysSupported, signWithPasskey } from '@/lib/passkey-browser';
import { finishPasskeySignIn, login, startPasskeySignIn, startSso } from '../api/login';
import { SecondFactorStep } from './second-factor-step';

const EMAIL_MAX = 254;
const PASSWORD_MAX = 200;
/** The shape zod's e-mail check accepts (the server checks again). */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

interface LoginValues {
  email: string;
  password: string;
}
type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * Hand-written checks (messages are i18n keys): the login route stays free of a form library and a
 * schema library, which keeps it inside its JS budget (ARCHITECTURE §9).
 */
function validate(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'auth.emailRequired';
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = 'auth.emailInvalid';
  if (!values.password) errors.password = 'auth.passwordRequired';
  else if (values.password.length > PASSWORD_MAX) errors.password = 'auth.passwordRequired';
  return errors;
}

function inputClass(error: string | undefined): string {
  return `p-inputtext p-component${error ? ' p-invalid' : ''}`;
}

export function LoginForm() {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<SecondFactorChallenge['second_factor'] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As before: checked on submit, then again on every change once a submit was tried.
  const [tried, setTried] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  function change(field: keyof LoginValues, value: string): void {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(validate(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (isSubmitting) return;
    setTried(true);
    const found = validate(values);
    setErrors(found);
    if (found.email || found.password) return;
    setServerError(null);
    setSubmitting(true);
    try {
      const result = await login({ email: values.email.trim(), password: values.password });
      if (!result) setServerError(t('common.unexpectedError'));
      else if ('second_factor' in result) setChallenge(result.second_factor);
      else completeLogin(result);
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : t('common.unexpectedError'));
    } finally {
      setSubmitting(false);
    }
  }

  /** To the company's provider, chosen by the typed e-mail's domain; the password is not needed. */
  async function signInWithCompany(): Promise<void> {
    if (isSubmitting) return;
    const email = values.email.trim();
    const problem = validate({ email, password: 'x' }).email;
    if (problem) {
      setErrors({ email: email ? problem : 'sso.loginNeedsEmail' });
      document.getElementById('login-email')?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setSubmitting(true);
    try {
      const started = await startSso({ email });
      if (started) {
        window.location.assign(started.url);
        return;
      }
      setServerError(t('common.unexpectedError'));
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : t('common.unexpectedError'));
    }
    setSubmitting(false);
  }

  /** A passkey of this device signs in alone: no e-mail or password typed. */
  async function signInWithPasskey(): Promise<void> {
    if (isSubmitting) return;
    setErrors({});
    setServerError(null);
    setSubmitting(true);
    try {
      const started = await startPasskeySignIn();
      const session = started ? await finishPasskeySignIn({ response: await signWithPasskey(started.options) }) : null;
      if (session) completeLogin(session);
      else setServerError(t('common.unexpectedError'));
    } catch (error) {
      if (error instanceof PasskeyProblem) setServerError(t(error.messageKey));
      else setServerError(error instanceof ApiError && error.message ? error.message : t('common.unexpectedError'));
    } finally {
      setSubmitting(false);
    }
  }

  const emailError = errors.email;
  const passwordError = errors.password;
  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onRestart={() => {
          setChallenge(null);
          setValues({ ...values, password: '' });
        }}
      />
    );
  }
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="login-form"
    >
      <div className="field">
        <label htmlFor="login-email">{t('auth.email')}</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          autoFocus
          className={inputClass(emailError)}
          aria-invalid={Boolean(emailError)}
          aria-describedby={emailError ? 'login-email-error' : undefined}
          data-testid="login-email"
          name="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
        />
        {emailError && (
          <small id="login-email-error" className="p-error" data-testid="login-email-error">
            {t(emailError)}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('auth.password')}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          className={inputClass(passwordError)}
          aria-invalid={Boolean(passwordError)}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
          data-testid="login-password"
          name="password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
        />
        {passwordError && (
          <small id="login-password-error" className="p-error" data-testid="login-password-error">
            {t(passwordError)}
          </small>
        )}
      </div>
      {serverError && (
        <div className="auth-form__error" role="alert" data-testid="login-error">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          {serverError}
        </div>
      )}
      {/* Theme classes on native controls: PrimeReact's look without its JS on the login route. */}
      <button
        type="submit"
        className="p-button p-component"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
        data-testid="login-submit"
      >
        {isSubmitting && <i className="pi pi-spin pi-spinner p-button-icon p-button-icon-left" aria-hidden="true" />}
        <span className="p-button-label">{t('auth.submit')}</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-outlined auth-form__sso"
        disabled={isSubmitting}
        onClick={() => void signInWithCompany()}
        data-testid="login-sso"
      >
        <i className="pi pi-building p-button-icon p-button-icon-left" aria-hidden="true" />
        <span className="p-button-label">{t('sso.loginButton')}</span>
      </button>
      {passkeysSupported() && (
        <button
          type="button"
          className="p-button p-component p-button-outlined auth-form__sso"
          disabled={isSubmitting}
          onClick={() => void signInWithPasskey()}
          data-testid="login-passkey"
        >
          <i className="pi pi-key p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">{t('passkeys.loginButton')}</span>
        </button>
      )}
    </form>
  );
}
