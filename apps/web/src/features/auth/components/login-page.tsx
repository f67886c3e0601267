import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginForm } from './login-form';

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <div className="auth-card__logo" aria-hidden="true">
        <i className="pi pi-wifi" />
      </div>
      <h1 id="login-title" className="auth-card__title" data-testid="page-title">
        {t('auth.title')}
      </h1>
      <p className="auth-card__subtitle">{t('auth.subtitle')}</p>
      <LoginForm />
      <div className="auth-card__links">
        <Link to="/forgot">{t('auth.forgot')}</Link>
        <Link to="/register">{t('auth.register')}</Link>
      </div>
    </section>
  );
}
