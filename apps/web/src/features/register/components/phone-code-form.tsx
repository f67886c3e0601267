import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH, REGISTRATION_API, type RegisterPhoneCallResult } from '@cab/contract/registration';
import type { ApiError } from '@/lib/api-error';
import { useSaveStep } from '../api/register-api';
import { FormField } from '@/components/form/form-field';
import { StepActions } from './step-actions';

interface PhoneCodeFormProps {
  call: RegisterPhoneCallResult & { phone: string };
  onConfirmed: () => void;
  onRetry: () => void;
  onBack: () => void;
}

/** The 4 digits of the call; a wrong code shows the server's (spec's) verification error. */
export function PhoneCodeForm({ call, onConfirmed, onRetry, onBack }: PhoneCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useSaveStep(REGISTRATION_API.phoneVerify, (failure: ApiError) => setError(failure.message));

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)) {
      setError(t('register.errors.code'));
      return;
    }
    setError(undefined);
    verify.mutate({ code }, { onSuccess: onConfirmed });
  }

  const instruction =
    call.direction === 'incoming'
      ? t('register.phone.incomingCall', { phone: call.phone, number: call.number ?? '' })
      : t('register.phone.outgoingCall', { phone: call.phone });
  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <p className="register-lead" data-testid="phone-instruction">
        {instruction}
      </p>
      {call.direction === 'incoming' && (
        <p className="register-number" data-testid="phone-incoming-number">
          <i className="pi pi-phone" aria-hidden="true" /> {call.number}
        </p>
      )}
      <FormField className="register-field" id="register-code" label={t('register.phone.code')} error={error}>
        <InputText
          id="register-code"
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          className="register-code"
          invalid={Boolean(error)}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          autoFocus
          data-testid="register-code"
        />
      </FormField>
      <Button type="button" label={t('register.phone.again')} icon="pi pi-replay" link className="register-link-button" onClick={onRetry} />
      <StepActions onBack={onBack} busy={verify.isPending} nextLabel={t('register.phone.verify')} />
    </form>
  );
}
