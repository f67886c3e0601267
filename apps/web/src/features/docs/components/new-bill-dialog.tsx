import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { NumberField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { formatMoney } from '@/lib/format-money';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { billCompaniesQuery, billSettingsQuery, useCreateBill } from '../api/bills-api';
import { billFormSchema, type BillFormValues } from './bill-form-schema';

/** Bill generation (/docs?new=1): a top-up bill of at least the server's minimum recommended amount. */
export function NewBillDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useQuery({ ...billSettingsQuery, enabled: visible });
  const companies = useQuery({ ...billCompaniesQuery, enabled: visible });
  const min = settings.data?.min_amount_eur ?? 0;
  const own = companies.data?.items.find((company) => company.own) ?? companies.data?.items[0];
  const form = useZodForm(billFormSchema(min), {
    values: { company_id: own?.id ?? 0, amount_eur: min || 0 },
    resetOptions: { keepDirtyValues: true },
  });
  const onError = (error: ApiError) => {
    const field = error.fields?.amount_eur;
    if (field) form.setError('amount_eur', { type: 'server', message: `${field}. ${error.message}` });
    else toastError(error);
  };
  const create = useCreateBill(onError);
  const minText = formatMoney(min, i18n.language);
  const close = () => {
    form.reset();
    onHide();
  };
  const submit = (values: BillFormValues) => {
    create.mutate(values, {
      onSuccess: (bill) => {
        showSuccessToast({ key: 'docs.createdToast', values: { number: bill.number } });
        close();
      },
    });
  };
  const choices = companies.data?.items ?? [];
  return (
    <Dialog visible={visible} onHide={close} header={t('docs.newTitle')} style={{ width: '28rem' }} breakpoints={{ '640px': '95vw' }} draggable={false} modal data-testid="bill-new-dialog">
      <Form form={form} onSubmit={submit} errorKeys="docs.errors" errorValues={{ min: minText }} className="bill-form">
        {choices.length > 1 && (
          <NativeSelectField<BillFormValues, number>
            name="company_id"
            id="bill-company"
            label={t('docs.company')}
            options={choices.map((company) => ({ label: company.name, value: company.id }))}
            registerOptions={{ valueAsNumber: true }}
            testId="bill-company"
          />
        )}
        <NumberField<BillFormValues>
          name="amount_eur"
          id="bill-amount"
          label={t('docs.amountLabel')}
          hint={<span data-testid="bill-min-hint">{settings.data ? t('docs.minHint', { min: minText }) : t('common.loading')}</span>}
          inputMode="decimal"
          min={min}
          step="0.01"
          testId="bill-amount"
        />
        <div className="bill-form__actions">
          <Button type="button" label={t('docs.cancelForm')} text onClick={close} />
          <Button type="submit" label={t('docs.submit')} icon="pi pi-check" loading={create.isPending} disabled={!settings.data} data-testid="bill-submit" />
        </div>
      </Form>
    </Dialog>
  );
}
