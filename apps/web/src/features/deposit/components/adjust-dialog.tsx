import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { parseBalanceChangeCents } from '@cab/contract/deposit';
import { Form } from '@/components/form/form';
import { DropdownField } from '@/components/form/select-field';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
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
  const form = useZodForm(schema, { defaultValues: { company: presetCompany ?? 0, amount: '', reason: '' } });
  const onError = (error: ApiError) => {
    if (error.fields?.amount) {
      form.setError('amount', { type: 'server', message: error.message });
      return;
    }
    toastError(error);
  };
  const adjust = useAdjustBalance(onError);
  const options = (companies.data?.items ?? []).map((c) => ({ label: c.name, value: c.id }));

  const submit = (values: Values) => {
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
  };

  return (
    <Form form={form} onSubmit={submit} errorKeys="deposit.adjust" className="deposit-adjust">
      <DropdownField<Values, number>
        name="company"
        id="adjust-company"
        label={t('deposit.adjust.company')}
        fieldClassName="deposit-adjust__field"
        options={options}
        filter
        placeholder={t('deposit.adjust.companyPlaceholder')}
        loading={companies.isLoading}
        emptyFilterMessage={t('deposit.filter.noCompany')}
        testId="adjust-company"
      />
      <TextField<Values>
        name="amount"
        id="adjust-amount"
        label={t('deposit.adjust.amount')}
        hint={t('deposit.adjust.amountHint')}
        fieldClassName="deposit-adjust__field"
        placeholder="+100, -12.50"
        maxLength={32}
        autoComplete="off"
        testId="adjust-amount"
      />
      <TextAreaField<Values>
        name="reason"
        id="adjust-reason"
        label={t('deposit.adjust.reason')}
        fieldClassName="deposit-adjust__field"
        rows={3}
        maxLength={500}
        autoResize
        testId="adjust-reason"
      />
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
    </Form>
  );
}
