import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { isValidIban, parseWithdrawalCents, type PayoutMethod } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { useCreateRequest } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';

type Errors = Partial<Record<'amount' | 'iban' | 'holder' | 'details' | 'form', string>>;

/** The agent asks for a payout: the amount (held at once) and where to send it. */
export function NewRequestDialog({ visible, onHide, availableCents, minCents }: { visible: boolean; onHide: () => void; availableCents: number; minCents: number }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayoutMethod>('iban');
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [details, setDetails] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** Editing a field takes back what was said about it (and the form's own error): it is checked again on send. */
  const edit = (key: Exclude<keyof Errors, 'form'>, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }));
  };
  const create = useCreateRequest((error) => {
    const fields = error.fields ?? {};
    setErrors({ amount: fields.amount ? error.message : undefined, iban: fields.iban, holder: fields.holder, details: fields.details, form: error.fields ? undefined : error.message });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseWithdrawalCents(amount);
    const next: Errors = {
      amount:
        cents === null
          ? t('agent.withdraw.amountFormat')
          : cents < minCents
            ? t('agent.withdraw.belowMin', { min: formatCents(minCents, i18n.language) })
            : cents > availableCents
              ? t('agent.withdraw.overBalance', { available: formatCents(availableCents, i18n.language) })
              : undefined,
      iban: method === 'iban' && !isValidIban(iban) ? t('agent.withdraw.ibanInvalid') : undefined,
      holder: method === 'iban' && !holder.trim() ? t('agent.withdraw.required') : undefined,
      details: method === 'other' && !details.trim() ? t('agent.withdraw.required') : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    create.mutate(
      {
        amount: amount.trim(),
        method,
        ...(method === 'iban' ? { iban, holder: holder.trim() } : { details: details.trim() }),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast({ key: 'agent.withdraw.created' });
          setAmount('');
          setComment('');
          onHide();
        },
      },
    );
  };

  const field = (id: string, label: string, error: string | undefined, input: React.ReactNode, hint?: string) => (
    <div className="agent-form__field">
      <label htmlFor={id}>{label}</label>
      {input}
      {hint && !error && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );

  return (
    <Dialog header={t('agent.withdraw.title')} visible={visible} onHide={onHide} className="agent-dialog" breakpoints={{ '640px': '95vw' }} data-testid="withdraw-dialog">
      <form className="agent-form" noValidate onSubmit={submit}>
        {field(
          'withdraw-amount',
          t('agent.withdraw.amount'),
          errors.amount,
          <InputText id="withdraw-amount" value={amount} onChange={(e) => edit('amount', setAmount)(e.target.value)} inputMode="decimal" invalid={!!errors.amount} aria-describedby={errors.amount ? 'withdraw-amount-error' : 'withdraw-amount-hint'} data-testid="withdraw-amount" />,
          t('agent.withdraw.amountHint', { available: formatCents(availableCents, i18n.language), min: formatCents(minCents, i18n.language) }),
        )}
        <fieldset className="agent-form__methods">
          <legend>{t('agent.withdraw.method')}</legend>
          {(['iban', 'other'] as const).map((m) => (
            <label key={m} className="agent-form__radio">
              <RadioButton inputId={`withdraw-method-${m}`} value={m} checked={method === m} onChange={() => setMethod(m)} data-testid={`withdraw-method-${m}`} />
              <span>{t(`agent.methods.${m}`)}</span>
            </label>
          ))}
        </fieldset>
        {method === 'iban' &&
          field('withdraw-iban', 'IBAN', errors.iban, <InputText id="withdraw-iban" value={iban} onChange={(e) => edit('iban', setIban)(e.target.value)} invalid={!!errors.iban} autoComplete="off" data-testid="withdraw-iban" />)}
        {method === 'iban' &&
          field('withdraw-holder', t('agent.withdraw.holder'), errors.holder, <InputText id="withdraw-holder" value={holder} onChange={(e) => edit('holder', setHolder)(e.target.value)} invalid={!!errors.holder} data-testid="withdraw-holder" />)}
        {method === 'other' &&
          field('withdraw-details', t('agent.withdraw.details'), errors.details, <InputTextarea id="withdraw-details" value={details} onChange={(e) => edit('details', setDetails)(e.target.value)} rows={3} maxLength={1000} invalid={!!errors.details} data-testid="withdraw-details" />)}
        {field('withdraw-comment', t('agent.withdraw.comment'), undefined, <InputTextarea id="withdraw-comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={2} maxLength={2000} />)}
        {errors.form && (
          <p className="p-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('agent.withdraw.submit')} icon="pi pi-send" loading={create.isPending} data-testid="withdraw-submit" />
        </div>
      </form>
    </Dialog>
  );
}
