import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import { PAYOUT_METHODS, type WithdrawalRequest } from '@cab/contract/agents';
import { Form } from '@/components/form/form';
import { FormError } from '@/components/form/form-error';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateRequest } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';
import { EMPTY_WITHDRAWAL, withdrawalFormSchema, type WithdrawalFormValues } from '../model/withdrawal-form';

type CheckedField = 'amount' | 'iban' | 'holder' | 'details';

/** The agent asks for a payout: the amount (held at once) and where to send it. */
interface NewRequestDialogProps {
  visible: boolean;
  onHide: () => void;
  availableCents: number;
  minCents: number;
  /** The request was sent: the page says so until the agent closes the message. */
  onCreated: (request: WithdrawalRequest) => void;
}

export function NewRequestDialog({ visible, onHide, availableCents, minCents, onCreated }: NewRequestDialogProps) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => withdrawalFormSchema(minCents, availableCents), [minCents, availableCents]);
  // Checked on send; editing a field takes back what was said about it (and the form's own error).
  const form = useZodForm(schema, { defaultValues: EMPTY_WITHDRAWAL, reValidateMode: 'onSubmit' });
  const method = useWatch({ control: form.control, name: 'method' });
  const formError = form.formState.errors.root?.server?.message;
  const min = formatCents(minCents, i18n.language);
  const available = formatCents(availableCents, i18n.language);
  const clearOnEdit = (name: CheckedField) => ({
    onChange: () => {
      form.clearErrors(name);
      form.clearErrors('root');
    },
  });
  const create = useCreateRequest((error) => {
    if (!error.fields) return form.setError('root.server', { message: error.message });
    const fields = error.fields;
    if (fields.amount) form.setError('amount', { type: 'server', message: error.message });
    for (const name of ['iban', 'holder', 'details'] as const) {
      const message = fields[name];
      if (message) form.setError(name, { type: 'server', message });
    }
  });

  const submit = (values: WithdrawalFormValues) => {
    const comment = values.comment.trim();
    create.mutate(
      {
        amount: values.amount.trim(),
        method: values.method,
        ...(values.method === 'iban' ? { iban: values.iban, holder: values.holder.trim() } : { details: values.details.trim() }),
        ...(comment ? { comment } : {}),
      },
      {
        onSuccess: (request) => {
          onCreated(request);
          form.reset({ ...form.getValues(), amount: '', comment: '' });
          onHide();
        },
      },
    );
  };

  return (
    <Dialog header={t('agent.withdraw.title')} visible={visible} onHide={onHide} className="agent-dialog" breakpoints={{ '640px': '95vw' }} data-testid="withdraw-dialog">
      <Form form={form} onSubmit={submit} errorKeys="agent.withdraw" errorValues={{ min, available }} className="agent-form">
        <TextField<WithdrawalFormValues>
          name="amount"
          id="withdraw-amount"
          label={t('agent.withdraw.amount')}
          hint={t('agent.withdraw.amountHint', { available, min })}
          fieldClassName="agent-form__field"
          inputMode="decimal"
          registerOptions={clearOnEdit('amount')}
          testId="withdraw-amount"
        />
        <fieldset className="agent-form__methods">
          <legend>{t('agent.withdraw.method')}</legend>
          <Controller
            control={form.control}
            name="method"
            render={({ field }) => (
              <>
                {PAYOUT_METHODS.map((m) => (
                  <label key={m} className="agent-form__radio">
                    <RadioButton inputId={`withdraw-method-${m}`} value={m} checked={field.value === m} onChange={() => field.onChange(m)} data-testid={`withdraw-method-${m}`} />
                    <span>{t(`agent.methods.${m}`)}</span>
                  </label>
                ))}
              </>
            )}
          />
        </fieldset>
        {method === 'iban' && (
          <>
            <TextField<WithdrawalFormValues>
              name="iban"
              id="withdraw-iban"
              label="IBAN"
              fieldClassName="agent-form__field"
              autoComplete="off"
              registerOptions={clearOnEdit('iban')}
              testId="withdraw-iban"
            />
            <TextField<WithdrawalFormValues>
              name="holder"
              id="withdraw-holder"
              label={t('agent.withdraw.holder')}
              fieldClassName="agent-form__field"
              registerOptions={clearOnEdit('holder')}
              testId="withdraw-holder"
            />
          </>
        )}
        {method === 'other' && (
          <TextAreaField<WithdrawalFormValues>
            name="details"
            id="withdraw-details"
            label={t('agent.withdraw.details')}
            fieldClassName="agent-form__field"
            rows={3}
            maxLength={1000}
            registerOptions={clearOnEdit('details')}
            testId="withdraw-details"
          />
        )}
        <TextAreaField<WithdrawalFormValues>
          name="comment"
          id="withdraw-comment"
          label={t('agent.withdraw.comment')}
          fieldClassName="agent-form__field"
          rows={2}
          maxLength={2000}
        />
        <FormError message={formError} />
        <div className="agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('agent.withdraw.submit')} icon="pi pi-send" loading={create.isPending} data-testid="withdraw-submit" />
        </div>
      </Form>
    </Dialog>
  );
}
