import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH, REGISTRATION_API, RegisterPhoneVerifyRequest, type RegisterPhoneCallResult } from '@cab/contract/registration';
import type { ApiError } from '@/lib/api-error';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useSaveStep } from '../api/register-api';
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
  // The contract's 4 digits, said on Verify only; only digits can be typed.
  const form = useZodForm(RegisterPhoneVerifyRequest, { defaultValues: { code: '' }, issueToKey: () => 'code', reValidateMode: 'onSubmit' });
  const verify = useSaveStep(REGISTRATION_API.phoneVerify, (failure: ApiError) =>
    form.setError('code', { type: 'server', message: failure.message }),
  );
  const digitsOnly = (event: { target: { value: string } }) => {
    const digits = event.target.value.replace(/\D/g, '');
    if (digits !== event.target.value) form.setValue('code', digits);
  };
  const submit = (values: RegisterPhoneVerifyRequest) => verify.mutate(values, { onSuccess: onConfirmed });

  const instruction =
    call.direction === 'incoming'
      ? t('register.phone.incomingCall', { phone: call.phone, number: call.number ?? '' })
      : t('register.phone.outgoingCall', { phone: call.phone });
  return (
    <Form form={form} onSubmit={submit} errorKeys="register.errors" className="register-form">
      <p className="register-lead" data-testid="phone-instruction">
        {instruction}
      </p>
      {call.direction === 'incoming' && (
        <p className="register-number" data-testid="phone-incoming-number">
          <i className="pi pi-phone" aria-hidden="true" /> {call.number}
        </p>
      )}
      <TextField<RegisterPhoneVerifyRequest>
        name="code"
        id="register-code"
        label={t('register.phone.code')}
        fieldClassName="register-field"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH}
        className="register-code"
        autoFocus
        registerOptions={{ onChange: digitsOnly }}
        testId="register-code"
      />
      <Button type="button" label={t('register.phone.again')} icon="pi pi-replay" link className="register-link-button" onClick={onRetry} />
      <StepActions onBack={onBack} busy={verify.isPending} nextLabel={t('register.phone.verify')} />
    </Form>
  );
}
