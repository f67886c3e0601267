import { useState, type FormEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { PHONE_CALL_DIRECTIONS, PHONE_PATTERN, type PhoneCallDirection, type RegisterPhoneCallResult } from '@cab/contract/registration';
import { usePhoneCall } from '../api/register-api';
import { PhoneCodeForm } from './phone-code-form';
import { FormField } from '@/components/form/form-field';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** The submit button says what happens next for the chosen way of confirming. */
const CALL_BUTTON_KEY: Record<PhoneCallDirection, string> = {
  outgoing: 'register.phone.callOutgoing',
  incoming: 'register.phone.callIncoming',
};

/** Phone: confirmed by a call, outgoing (we ring) or incoming (the user rings); the last 4 digits are the code. */
export function PhoneStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(status.phone ?? '');
  const [direction, setDirection] = useState<PhoneCallDirection>('outgoing');
  const [error, setError] = useState<string | undefined>();
  const [call, setCall] = useState<(RegisterPhoneCallResult & { phone: string }) | null>(null);
  const requestCall = usePhoneCall();

  function submitCall(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const value = phone.replace(/[\s()-]/g, '');
    const problem = !value ? 'required' : PHONE_PATTERN.test(value) ? undefined : 'phone';
    setError(problem && t(`register.errors.${problem}`));
    if (problem) return;
    requestCall.mutate({ phone: value, direction }, { onSuccess: (result) => setCall({ ...result, phone: value }) });
  }

  if (status.phone_confirmed && !call) {
    return (
      <form
        className="register-form"
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
      >
        <Message severity="success" text={t('register.phone.confirmed', { phone: status.phone ?? '' })} data-testid="phone-confirmed" />
        <StepActions onBack={onBack} />
      </form>
    );
  }
  if (call) {
    return <PhoneCodeForm call={call} onConfirmed={onNext} onRetry={() => setCall(null)} onBack={onBack} />;
  }
  const options = PHONE_CALL_DIRECTIONS.map((value) => ({ value, label: t(`register.phone.${value}`) }));
  return (
    <form className="register-form" noValidate onSubmit={submitCall}>
      <p className="register-lead">{t('register.phone.text')}</p>
      <FormField className="register-field" id="register-phone" label={t('register.phone.phone')} hint={t('register.phone.phoneHint')} error={error}>
        <InputText
          id="register-phone"
          type="tel"
          value={phone}
          maxLength={20}
          autoComplete="tel"
          placeholder="+79161234567"
          invalid={Boolean(error)}
          onChange={(event) => setPhone(event.target.value)}
          data-testid="register-phone"
        />
      </FormField>
      <div className="register-field">
        <span className="register-field__label" id="register-direction-label">
          {t('register.phone.direction')}
        </span>
        <SelectButton
          value={direction}
          options={options}
          allowEmpty={false}
          onChange={(event) => setDirection(event.value as PhoneCallDirection)}
          aria-labelledby="register-direction-label"
          data-testid="register-direction"
        />
        <small className="register-field__hint">{t(`register.phone.${direction}Hint`)}</small>
      </div>
      <StepActions onBack={onBack} busy={requestCall.isPending} nextLabel={t(CALL_BUTTON_KEY[direction])} />
    </form>
  );
}
