import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { parseBalanceChangeCents } from '@cab/contract/deposit';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { depositCompaniesQuery, useAdjustBalance } from '../api/deposit-api';
import { formatCents } from '@/lib/format-money';

/** The same rules as the server (spec §5: +N or -N EUR); messages are keys under deposit.adjust. */
const schema = z.object({
  company: z.number({ error: 'companyRequired' }).int().positive({ error: 'companyRequired' }),
  amount: z.string().refine((text) => parseBalanceChangeCents(text) !== null, { error: 'amountInvalid' }),
  reason: z.string().trim().min(1, { error: 'reasonRequired' }).max(500, { error: 'reasonTooLong' }),
});
type Values = z.infer<typeof schema>;

interface AdjustDialogProps {
  visible: boolean;
  onHide: () => void;
  presetCompany: number | null;
}

export function AdjustDialog({ visible, onHide, presetCompany }: AdjustDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('deposit.adjust.title')}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="deposit-adjust-dialog"
    >
      {visible && <AdjustForm presetCompany={presetCompany} onHide={onHide} />}
    </Dialog>
  );
}

function AdjustForm({ presetCompany, onHide }: { presetCompany: number | null; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const companies = useQuery(depositCompaniesQuery);
  const form = useForm<Values>({
    defaultValues: { company: presetCompany ?? 0, amount: '', reason: '' },
    resolver: zodResolver(schema),
  });
  const onError = (error: ApiError) => {
    if (error.fields?.amount) {
      form.setError('amount', { type: 'server', message: error.message });
      return;
    }
    toastError(error);
  };
  const adjust = useAdjustBalance(onError);
  const company = useWatch({ control: form.control, name: 'company' });
  const options = (companies.data?.items ?? []).map((c) => ({ label: c.name, value: c.id }));
  const errors = form.formState.errors;
  // Client-side problems carry an i18n key; the server's answer is already localized.
  const message = (error: { type: string; message?: string }) =>
    error.type === 'server' ? error.message : t(`deposit.adjust.${error.message ?? 'amountInvalid'}`);

  const submit = form.handleSubmit((values) => {
    const cents = parseBalanceChangeCents(values.amount) ?? 0;
    const companyName = options.find((o) => o.value === values.company)?.label ?? '';
    confirmDialog({
      header: t('deposit.adjust.confirmTitle'),
      message: t('deposit.adjust.confirmText', { company: companyName, amount: formatCents(cents, i18n.language, true) }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('deposit.adjust.confirm'),
      rejectLabel: t('deposit.adjust.cancel'),
      acceptClassName: cents < 0 ? 'p-button-danger' : undefined,
      accept: () =>
        adjust.mutate(
          { company_id: values.company, amount: values.amount.trim(), reason: values.reason.trim() },
          {
            onSuccess: (result) => {
              showSuccessToast({ key: 'deposit.adjust.done', values: { balance: formatCents(result.balance_cents, i18n.language, false) } });
              onHide();
            },
          },
        ),
    });
  });

  return (
    <form className="deposit-adjust" onSubmit={(event) => void submit(event)} noValidate>
      <div className="deposit-adjust__field">
        <label htmlFor="adjust-company">{t('deposit.adjust.company')}</label>
        <Dropdown
          inputId="adjust-company"
          value={company || null}
          options={options}
          filter
          placeholder={t('deposit.adjust.companyPlaceholder')}
          loading={companies.isLoading}
          emptyFilterMessage={t('deposit.filter.noCompany')}
          onChange={(event) =>
            form.setValue('company', event.value as number, { shouldValidate: form.formState.isSubmitted })
          }
          invalid={errors.company !== undefined}
          data-testid="adjust-company"
        />
        {errors.company && <small className="p-error">{message(errors.company)}</small>}
      </div>
      <div className="deposit-adjust__field">
        <label htmlFor="adjust-amount">{t('deposit.adjust.amount')}</label>
        <InputText
          id="adjust-amount"
          {...form.register('amount')}
          placeholder="+100, -12.50"
          maxLength={32}
          invalid={errors.amount !== undefined}
          autoComplete="off"
          data-testid="adjust-amount"
        />
        <small className={errors.amount ? 'p-error' : 'deposit-adjust__hint'}>
          {errors.amount ? message(errors.amount) : t('deposit.adjust.amountHint')}
        </small>
      </div>
      <div className="deposit-adjust__field">
        <label htmlFor="adjust-reason">{t('deposit.adjust.reason')}</label>
        <InputTextarea
          id="adjust-reason"
          {...form.register('reason')}
          rows={3}
          maxLength={500}
          autoResize
          invalid={errors.reason !== undefined}
          data-testid="adjust-reason"
        />
        {errors.reason && <small className="p-error">{message(errors.reason)}</small>}
      </div>
      <div className="dialog-actions">
        <Button type="button" label={t('common.close')} text onClick={onHide} />
        <Button
          type="submit"
          label={t('deposit.adjust.submit')}
          icon="pi pi-check"
          loading={adjust.isPending}
          data-testid="adjust-submit"
        />
      </div>
    </form>
  );
}
