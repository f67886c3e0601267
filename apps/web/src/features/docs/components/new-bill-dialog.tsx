import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
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
  const form = useForm<BillFormValues>({
    values: { company_id: own?.id ?? 0, amount_eur: min || 0 },
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(billFormSchema(min)),
  });
  const onError = (error: ApiError) => {
    const field = error.fields?.amount_eur;
    if (field) form.setError('amount_eur', { type: 'server', message: `${field}. ${error.message}` });
    else toastError(error);
  };
  const create = useCreateBill(onError);
  const error = form.formState.errors.amount_eur;
  const errorText = error?.message && (error.type === 'server' ? error.message : t(`docs.errors.${error.message}`, { min: formatMoney(min, i18n.language) }));
  const close = () => {
    form.reset();
    onHide();
  };
  const submit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (bill) => {
        showSuccessToast({ key: 'docs.createdToast', values: { number: bill.number } });
        close();
      },
    });
  });
  const choices = companies.data?.items ?? [];
  return (
    <Dialog visible={visible} onHide={close} header={t('docs.newTitle')} style={{ width: '28rem' }} breakpoints={{ '640px': '95vw' }} draggable={false} modal data-testid="bill-new-dialog">
      <form className="bill-form" onSubmit={(event) => void submit(event)} noValidate>
        {choices.length > 1 && (
          <div className="bill-form__field">
            <label htmlFor="bill-company">{t('docs.company')}</label>
            <select id="bill-company" className="p-inputtext" data-testid="bill-company" {...form.register('company_id', { valueAsNumber: true })}>
              {choices.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="bill-form__field">
          <label htmlFor="bill-amount">{t('docs.amountLabel')}</label>
          <InputText
            id="bill-amount"
            type="number"
            inputMode="decimal"
            min={min}
            step="0.01"
            invalid={Boolean(error)}
            data-testid="bill-amount"
            {...form.register('amount_eur', { valueAsNumber: true })}
          />
          {errorText ? (
            <small className="p-error" role="alert" data-testid="bill-amount-error">
              {errorText}
            </small>
          ) : (
            <small className="bill-form__hint" data-testid="bill-min-hint">
              {settings.data ? t('docs.minHint', { min: formatMoney(min, i18n.language) }) : t('common.loading')}
            </small>
          )}
        </div>
        <div className="bill-form__actions">
          <Button type="button" label={t('docs.cancelForm')} text onClick={close} />
          <Button type="submit" label={t('docs.submit')} icon="pi pi-check" loading={create.isPending} disabled={!settings.data} data-testid="bill-submit" />
        </div>
      </form>
    </Dialog>
  );
}
