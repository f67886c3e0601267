import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@cab/contract/profile';
import { REFERRAL_CODE_PATTERN, REGISTER_STEPS, firstOpenStep, type RegisterStatus } from '@cab/contract/registration';
import { logout } from '@/lib/logout';
import { startRegistration } from '../api/register-api';
import { ConfirmLink } from './confirm-link';
import { StepActions, StepField } from './step-actions';

interface Errors {
  email?: string;
  password?: string;
  repeat?: string;
}

/**
 * Welcome: e-mail and password; the mailed link then opens the new company's session (`?token=`).
 * A started registration continues.
 */
export function WelcomeStep({ status, goTo }: { status: RegisterStatus | undefined; goTo: (step: number) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!status && token) return <ConfirmLink token={token} onOpened={() => goTo(2)} />;
  if (status) {
    return (
      <div className="register-form">
        <p className="register-lead">{t('register.welcome.continueText', { email: status.email })}</p>
        <div className="register-actions">
          <Button type="button" label={t('register.welcome.otherEmail')} link onClick={() => void logout()} />
          <Button
            type="button"
            label={t('register.welcome.continue')}
            icon="pi pi-arrow-right"
            iconPos="right"
            onClick={() => goTo(REGISTER_STEPS.indexOf(firstOpenStep(status)) + 1)}
            data-testid="register-continue"
          />
        </div>
      </div>
    );
  }
  // An agent's link (/register?ref=CODE): the code goes with the e-mail, so the company is referred.
  const refParam = params.get('ref') ?? '';
  return <StartForm referral={REFERRAL_CODE_PATTERN.test(refParam) ? refParam.toUpperCase() : null} />;
}

function StartForm({ referral }: { referral: string | null }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const value = email.trim();
    const next: Errors = {
      email: !value ? t('register.errors.required') : /^\S+@\S+\.\S+$/.test(value) ? undefined : t('register.errors.email'),
      password: password.length < PASSWORD_MIN_LENGTH ? t('register.errors.passwordShort', { min: PASSWORD_MIN_LENGTH }) : undefined,
      repeat: repeat !== password ? t('register.errors.mismatch') : undefined,
    };
    setErrors(next);
    if (next.email || next.password || next.repeat) return;
    setBusy(true);
    try {
      await startRegistration({ email: value, password, ...(referral ? { ref: referral } : {}) }, (error) => {
        setErrors({ email: error.fields?.email ? error.message : undefined, password: error.fields?.password });
        if (!error.fields) setErrors({ email: error.message });
      });
      setSentTo(value);
    } catch {
      // The error is shown beside the field by the handler above.
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="register-form" data-testid="register-start-sent">
        <h2 className="register-lead">{t('register.welcome.sentTitle')}</h2>
        <Message severity="info" text={t('register.welcome.sent', { email: sentTo })} />
      </div>
    );
  }
  const input = (id: string, type: string, value: string, set: (v: string) => void, error: string | undefined, autoComplete: string) => (
    <InputText
      id={id}
      type={type}
      value={value}
      maxLength={200}
      autoComplete={autoComplete}
      invalid={Boolean(error)}
      onChange={(event) => set(event.target.value)}
      data-testid={id}
    />
  );
  return (
    <form className="register-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="register-lead">{t('register.welcome.text')}</p>
      {referral && (
        <p className="register-lead" data-testid="register-referral">
          <i className="pi pi-user-plus" aria-hidden="true" /> {t('agent.referral.invited', { code: referral })}
        </p>
      )}
      <StepField id="register-email" label={t('register.welcome.email')} error={errors.email}>
        {input('register-email', 'email', email, setEmail, errors.email, 'username')}
      </StepField>
      <StepField id="register-password" label={t('register.welcome.password')} error={errors.password} hint={t('register.welcome.passwordHint', { min: PASSWORD_MIN_LENGTH })}>
        {input('register-password', 'password', password, setPassword, errors.password, 'new-password')}
      </StepField>
      <StepField id="register-repeat" label={t('register.welcome.repeat')} error={errors.repeat}>
        {input('register-repeat', 'password', repeat, setRepeat, errors.repeat, 'new-password')}
      </StepField>
      <StepActions busy={busy} nextLabel={t('register.welcome.start')} />
      <p className="register-note">
        {t('register.welcome.haveAccount')} <Link to="/login">{t('register.welcome.login')}</Link>
      </p>
    </form>
  );
}
