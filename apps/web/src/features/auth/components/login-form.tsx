import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '@/lib/session';
import { ApiError } from '@/lib/api-error';
import { login } from '../api/login';

// zod/mini keeps the login route small; messages are i18n keys.
const loginSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'auth.emailRequired'), z.maxLength(254), z.email('auth.emailInvalid')),
  password: z.string().check(z.minLength(1, 'auth.passwordRequired'), z.maxLength(200)),
});
type LoginValues = z.infer<typeof loginSchema>;

function inputClass(error: string | undefined): string {
  return `p-inputtext p-component${error ? ' p-invalid' : ''}`;
}

export function LoginForm() {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  async function submit(values: LoginValues): Promise<void> {
    setServerError(null);
    try {
      const result = await login(values);
      if (result) completeLogin(result);
      else setServerError(t('common.unexpectedError'));
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : t('common.unexpectedError'));
    }
  }

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
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
          {...register('email')}
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
          {...register('password')}
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
    </form>
  );
}
