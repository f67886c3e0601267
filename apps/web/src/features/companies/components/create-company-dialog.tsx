import type { ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MAX_PAGE_SIZE } from '@cab/contract/constants';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { companiesQueryOptions, useCreateCompany } from '../api/companies-api';
import { EMPTY_COMPANY, SERVER_FIELDS, createCompanySchema, toCreateRequest, type CreateCompanyValues } from './create-company-schema';

export function CreateCompanyDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('companies.createTitle')}
      style={{ width: '40rem' }}
      breakpoints={{ '700px': '95vw' }}
      draggable={false}
      modal
      data-testid="company-create-dialog"
    >
      {visible && <CreateCompanyForm onHide={onHide} />}
    </Dialog>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: FieldError; children: ReactNode }) {
  const { t } = useTranslation();
  const message = error?.message && (error.type === 'server' ? error.message : t(`companies.errors.${error.message}`));
  return (
    <div className="companies-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {message && <small className="p-error" role="alert" data-testid={`${id}-error`}>{message}</small>}
    </div>
  );
}

function CreateCompanyForm({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const form = useForm<CreateCompanyValues>({ defaultValues: EMPTY_COMPANY, resolver: zodResolver(createCompanySchema) });
  // Parents to pick from: live companies by name (the first page of the largest size the API allows).
  const parents = useQuery(companiesQueryOptions({ page: 0, size: MAX_PAGE_SIZE }));
  const onError = (error: ApiError) => {
    const fields = Object.entries(error.fields ?? {}).filter(([name]) => SERVER_FIELDS[name]);
    if (fields.length === 0) {
      toastError(error);
      return;
    }
    for (const [name, text] of fields) {
      const field = SERVER_FIELDS[name];
      // A conflict's message (taken tax number or e-mail) says more than the field's generic text.
      if (field) form.setError(field, { type: 'server', message: error.status === 409 ? error.message : text });
    }
  };
  const create = useCreateCompany(onError);
  const submit = form.handleSubmit((values) =>
    create.mutate(toCreateRequest(values), {
      onSuccess: (result) => {
        showSuccessToast({ key: 'companies.created', values: { name: result.company.name } });
        onHide();
      },
    }),
  );
  const { errors } = form.formState;
  const parentOptions = [
    { label: t('companies.noParent'), value: null },
    ...(parents.data?.items ?? []).map((c) => ({ label: c.name, value: c.id })),
  ];
  const input = (name: Exclude<keyof CreateCompanyValues, 'parent_id' | 'billing_type'>, max: number, type = 'text') => (
    <InputText id={`company-${name}`} type={type} maxLength={max} invalid={Boolean(errors[name])} data-testid={`company-${name}`} {...form.register(name)} />
  );
  return (
    <form className="companies-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="company-parent" label={t('companies.parent')} error={errors.parent_id}>
        <Controller
          control={form.control}
          name="parent_id"
          render={({ field }) => (
            <Dropdown inputId="company-parent" value={field.value} options={parentOptions} filter loading={parents.isPending} onChange={(e) => field.onChange(e.value as number | null)} data-testid="company-parent" />
          )}
        />
      </Field>
      <Field id="company-name" label={t('companies.name')} error={errors.name}>{input('name', 200)}</Field>
      <div className="companies-form__row">
        <Field id="company-tax_number" label={t('companies.taxNumber')} error={errors.tax_number}>{input('tax_number', 50)}</Field>
        <Field id="company-billing" label={t('companies.billingType')}>
          <Controller
            control={form.control}
            name="billing_type"
            render={({ field }) => (
              <Dropdown inputId="company-billing" value={field.value} options={[{ label: t('companies.billing.prepay'), value: 1 }, { label: t('companies.billing.postpay'), value: 2 }]} onChange={(e) => field.onChange(e.value as 1 | 2)} data-testid="company-billing" />
            )}
          />
        </Field>
      </div>
      <div className="companies-form__row">
        <Field id="company-contract" label={t('companies.contract')} error={errors.contract}>{input('contract', 100)}</Field>
        <Field id="company-country" label={t('companies.country')} error={errors.country}>{input('country', 100)}</Field>
      </div>
      <h3 className="companies-form__section">{t('companies.firstAdmin')}</h3>
      <p className="companies-muted">{t('companies.firstAdminHint')}</p>
      <Field id="company-admin_email" label={t('companies.userEmail')} error={errors.admin_email}>{input('admin_email', 254, 'email')}</Field>
      <div className="companies-form__row">
        <Field id="company-admin_first_name" label={t('companies.firstName')} error={errors.admin_first_name}>{input('admin_first_name', 100)}</Field>
        <Field id="company-admin_last_name" label={t('companies.lastName')} error={errors.admin_last_name}>{input('admin_last_name', 100)}</Field>
      </div>
      <div className="companies-dialog__actions">
        <Button type="button" label={t('companies.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('companies.create')} icon="pi pi-check" loading={create.isPending} data-testid="company-create-submit" />
      </div>
    </form>
  );
}
