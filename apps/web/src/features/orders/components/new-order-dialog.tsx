import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { ORDER_COUNT_STEP, SIM_PRICE_CENTS, isValidOrderCount } from '@cab/contract/orders';
import { useMe } from '@/lib/me-query';
import { formatMoney } from '@/lib/format-money';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-bus';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { orderCompaniesQuery, useCreateOrder, useOrderList } from '../api/orders-api';
import { OrderField } from './order-field';
import { orderFormSchema, type OrderFormValues } from './order-form-schema';

const FIELDS = ['company_id', 'count', 'contact', 'address'] as const;

/** The new-order dialog (/orders?new=1): the amount follows the count as the user types. */
export function NewOrderDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const companies = useQuery({ ...orderCompaniesQuery, enabled: visible });
  const own = companies.data?.items.find((company) => company.own) ?? companies.data?.items[0];
  // Prefilled: the contact is the signed-in user, the address that of the company's latest order.
  const me = useMe();
  const latest = useOrderList({ page: 0, size: 1, filter: {} });
  const user = me.data?.user;
  const contact = user ? `${`${user.first_name} ${user.last_name}`.trim()}, ${user.email}` : '';
  const address = latest.data?.items[0]?.address ?? '';
  const form = useForm<OrderFormValues>({
    values: { company_id: own?.id ?? 0, count: ORDER_COUNT_STEP * 2, contact, address },
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(orderFormSchema),
    mode: 'onChange',
  });
  const onError = (error: ApiError) => {
    const fields = FIELDS.filter((name) => error.fields?.[name]);
    if (fields.length === 0) {
      showToast({ severity: 'error', summary: { key: 'common.error' }, detail: error.message || { key: 'common.unexpectedError' }, life: TOAST_LIFE_MS, group: 'tr' });
      return;
    }
    for (const name of fields) form.setError(name, { type: 'server', message: error.fields?.[name] });
  };
  const create = useCreateOrder(onError);
  const { errors } = form.formState;
  const count = useWatch({ control: form.control, name: 'count' });
  // A total only for a quantity that can be ordered (a multiple of 50, at least 50).
  const countValid = Number.isInteger(count) && isValidOrderCount(count);
  const amountCents = countValid ? count * SIM_PRICE_CENTS : null;

  const close = () => {
    form.reset();
    onHide();
  };
  const submit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (order) => {
        showSuccessToast({ key: 'orders.createdToast', values: { number: order.number } });
        close();
      },
    });
  });

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('orders.newTitle')}
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="order-new-dialog"
    >
      <form className="order-form" onSubmit={(event) => void submit(event)} noValidate>
        <OrderField id="order-company" label={t('orders.company')} error={errors.company_id}>
          <select
            id="order-company"
            className="p-inputtext order-select"
            data-testid="order-company"
            {...form.register('company_id', { valueAsNumber: true })}
          >
            {(companies.data?.items ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </OrderField>
        <OrderField id="order-count" label={t('orders.count')} hint={t('orders.countHint')} error={errors.count}>
          <InputText
            id="order-count"
            type="number"
            inputMode="numeric"
            min={ORDER_COUNT_STEP}
            step={ORDER_COUNT_STEP}
            invalid={Boolean(errors.count)}
            data-testid="order-count"
            {...form.register('count', { valueAsNumber: true })}
          />
        </OrderField>
        <OrderField id="order-contact" label={t('orders.contact')} hint={t('orders.contactHint')} error={errors.contact}>
          <InputText id="order-contact" maxLength={500} invalid={Boolean(errors.contact)} data-testid="order-contact" {...form.register('contact')} />
        </OrderField>
        <OrderField id="order-address" label={t('orders.address')} error={errors.address}>
          <InputTextarea
            id="order-address"
            rows={3}
            maxLength={1000}
            autoResize
            invalid={Boolean(errors.address)}
            data-testid="order-address"
            {...form.register('address')}
          />
        </OrderField>
        <p className="order-form__amount" data-testid="order-amount" data-valid={countValid}>
          {amountCents === null
            ? t('orders.amountPrice', { price: formatMoney(SIM_PRICE_CENTS / 100, i18n.language) })
            : t('orders.amountLine', { price: formatMoney(SIM_PRICE_CENTS / 100, i18n.language), amount: formatMoney(amountCents / 100, i18n.language) })}
        </p>
        <div className="order-form__actions">
          <Button type="button" label={t('orders.cancelForm')} text onClick={close} />
          <Button type="submit" label={t('orders.submit')} icon="pi pi-check" loading={create.isPending} data-testid="order-submit" />
        </div>
      </form>
    </Dialog>
  );
}
