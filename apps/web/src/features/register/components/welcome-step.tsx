import { useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@cab/contract/profile';
import { REFERRAL_CODE_PATTERN, REGISTER_STEPS, firstOpenStep, type RegisterStatus } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { logout } from '@/lib/logout';
import { startRegistration } from '../api/register-api';
import { ConfirmLink } from './confirm-link';
import { StepActions } from './step-actions';
import { START_FORM_VALUES, startFormSchema, type StartFormValues } from './start-form-schema';

const ERROR_VALUES = { min: PASSWORD_MIN_LENGTH };

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
  // Checked on Next, as the wizard always did; the messages stay until the next try.
  const form = useZodForm(startFormSchema, {
    defaultValues: START_FORM_VALUES,
    issueToKey: () => 'passwordShort',
    reValidateMode: 'onSubmit',
  });

  async function submit({ email, password }: StartFormValues): Promise<void> {
    try {
      await startRegistration({ email, password, ...(referral ? { ref: referral } : {}) }, (error) => {
        if (!error.fields) return form.setError('email', { type: 'server', message: error.message });
        if (error.fields.email) form.setError('email', { type: 'server', message: error.message });
        if (error.fields.password) form.setError('password', { type: 'server', message: error.fields.password });
      });
      setSentTo(email);
    } catch {
      // The error is shown beside the field by the handler above.
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
  return (
    <Form form={form} onSubmit={submit} errorKeys="register.errors" errorValues={ERROR_VALUES} className="register-form">
      <p className="register-lead">{t('register.welcome.text')}</p>
      {referral && (
        <p className="register-lead" data-testid="register-referral">
          <i className="pi pi-user-plus" aria-hidden="true" /> {t('agent.referral.invited', { code: referral })}
        </p>
      )}
      <TextField<StartFormValues>
        name="email"
        id="register-email"
        label={t('register.welcome.email')}
        fieldClassName="register-field"
        type="email"
        maxLength={200}
        autoComplete="username"
        testId="register-email"
      />
      <PasswordField<StartFormValues>
        name="password"
        id="register-password"
        label={t('register.welcome.password')}
        hint={t('register.welcome.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        fieldClassName="register-field"
        autoComplete="new-password"
        testId="register-password"
      />
      <PasswordField<StartFormValues>
        name="repeat"
        id="register-repeat"
        label={t('register.welcome.repeat')}
        fieldClassName="register-field"
        autoComplete="new-password"
        testId="register-repeat"
      />
      <StepActions busy={form.formState.isSubmitting} nextLabel={t('register.welcome.start')} />
      <p className="register-note">
        {t('register.welcome.haveAccount')} <Link to="/login">{t('register.welcome.login')}</Link>
      </p>
    </Form>
  );
}
