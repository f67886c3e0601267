import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ORDER_COUNT_STEP, SIM_PRICE_CENTS, isValidOrderCount } from '@cab/contract/orders';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { NumberField, TextAreaField, TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useMe } from '@/lib/me-query';
import { formatMoney } from '@/lib/format-money';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { orderCompaniesQuery, useCreateOrder, useOrderList } from '../api/orders-api';
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
  const form = useZodForm(orderFormSchema, {
    values: { company_id: own?.id ?? 0, count: ORDER_COUNT_STEP * 2, contact, address },
    resetOptions: { keepDirtyValues: true },
    mode: 'onChange',
  });
  const onError = (error: ApiError) => {
    const fields = FIELDS.filter((name) => error.fields?.[name]);
    if (fields.length === 0) {
      toastError(error);
      return;
    }
    for (const name of fields) form.setError(name, { type: 'server', message: error.fields?.[name] });
  };
  const create = useCreateOrder(onError);
  const count = useWatch({ control: form.control, name: 'count' });
  // A total only for a quantity that can be ordered (a multiple of 50, at least 50).
  const countValid = Number.isInteger(count) && isValidOrderCount(count);
  const amountCents = countValid ? count * SIM_PRICE_CENTS : null;

  const close = () => {
    form.reset();
    onHide();
  };
  const submit = (values: OrderFormValues) => {
    create.mutate(values, {
      onSuccess: (order) => {
        showSuccessToast({ key: 'orders.createdToast', values: { number: order.number } });
        close();
      },
    });
  };

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
      <Form form={form} onSubmit={submit} errorKeys="orders.errors" className="order-form">
        <NativeSelectField<OrderFormValues, number>
          name="company_id"
          id="order-company"
          label={t('orders.company')}
          className="order-select"
          options={(companies.data?.items ?? []).map((company) => ({ label: company.name, value: company.id }))}
          registerOptions={{ valueAsNumber: true }}
          testId="order-company"
        />
        <NumberField<OrderFormValues>
          name="count"
          id="order-count"
          label={t('orders.count')}
          hint={t('orders.countHint')}
          inputMode="numeric"
          min={ORDER_COUNT_STEP}
          step={ORDER_COUNT_STEP}
          testId="order-count"
        />
        <TextField<OrderFormValues>
          name="contact"
          id="order-contact"
          label={t('orders.contact')}
          hint={t('orders.contactHint')}
          maxLength={500}
          testId="order-contact"
        />
        <TextAreaField<OrderFormValues>
          name="address"
          id="order-address"
          label={t('orders.address')}
          rows={3}
          maxLength={1000}
          autoResize
          testId="order-address"
        />
        <p className="order-form__amount" data-testid="order-amount" data-valid={countValid}>
          {amountCents === null
            ? t('orders.amountPrice', { price: formatMoney(SIM_PRICE_CENTS / 100, i18n.language) })
            : t('orders.amountLine', { price: formatMoney(SIM_PRICE_CENTS / 100, i18n.language), amount: formatMoney(amountCents / 100, i18n.language) })}
        </p>
        <div className="order-form__actions">
          <Button type="button" label={t('orders.cancelForm')} text onClick={close} />
          <Button type="submit" label={t('orders.submit')} icon="pi pi-check" loading={create.isPending} data-testid="order-submit" />
        </div>
      </Form>
    </Dialog>
  );
}
