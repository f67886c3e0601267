import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PHONE_CALL_DIRECTIONS, RegisterPhoneCallRequest, type PhoneCallDirection, type RegisterPhoneCallResult } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { usePhoneCall } from '../api/register-api';
import { PhoneCodeForm } from './phone-code-form';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** The submit button says what happens next for the chosen way of confirming. */
const CALL_BUTTON_KEY: Record<PhoneCallDirection, string> = {
  outgoing: 'register.phone.callOutgoing',
  incoming: 'register.phone.callIncoming',
};

/** The contract's call request; spaces, brackets and dashes typed in the number are dropped first. */
const phoneCallSchema = RegisterPhoneCallRequest.extend({
  phone: z
    .string()
    .transform((phone) => phone.replace(/[\s()-]/g, ''))
    .pipe(RegisterPhoneCallRequest.shape.phone),
});
type PhoneCallValues = z.input<typeof phoneCallSchema>;

/** Phone: confirmed by a call, outgoing (we ring) or incoming (the user rings); the last 4 digits are the code. */
export function PhoneStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  // Checked on the call button only, as before: an empty number is 'required', another wrong one 'phone'.
  const form = useZodForm(phoneCallSchema, {
    defaultValues: { phone: status.phone ?? '', direction: 'outgoing' },
    issueToKey: (issue) => (issue.input === '' ? 'required' : 'phone'),
    reValidateMode: 'onSubmit',
  });
  const direction = useWatch({ control: form.control, name: 'direction' });
  const [call, setCall] = useState<(RegisterPhoneCallResult & { phone: string }) | null>(null);
  const requestCall = usePhoneCall();

  function submitCall(values: RegisterPhoneCallRequest): void {
    requestCall.mutate(values, { onSuccess: (result) => setCall({ ...result, phone: values.phone }) });
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
    <Form form={form} onSubmit={submitCall} errorKeys="register.errors" className="register-form">
      <p className="register-lead">{t('register.phone.text')}</p>
      <TextField<PhoneCallValues>
        name="phone"
        id="register-phone"
        label={t('register.phone.phone')}
        hint={t('register.phone.phoneHint')}
        fieldClassName="register-field"
        type="tel"
        maxLength={20}
        autoComplete="tel"
        placeholder="+79161234567"
        testId="register-phone"
      />
      <div className="register-field">
        <span className="register-field__label" id="register-direction-label">
          {t('register.phone.direction')}
        </span>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <SelectButton
              value={field.value}
              options={options}
              allowEmpty={false}
              onChange={(event) => field.onChange(event.value as PhoneCallDirection)}
              aria-labelledby="register-direction-label"
              data-testid="register-direction"
            />
          )}
        />
        <small className="register-field__hint">{t(`register.phone.${direction}Hint`)}</small>
      </div>
      <StepActions onBack={onBack} busy={requestCall.isPending} nextLabel={t(CALL_BUTTON_KEY[direction])} />
    </Form>
  );
}
