import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MAX_PAGE_SIZE } from '@cab/contract/constants';
import { Form } from '@/components/form/form';
import { DropdownField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
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

function CreateCompanyForm({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(createCompanySchema, { defaultValues: EMPTY_COMPANY });
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
  const submit = (values: CreateCompanyValues) =>
    create.mutate(toCreateRequest(values), {
      onSuccess: (result) => {
        showSuccessToast({ key: 'companies.created', values: { name: result.company.name } });
        onHide();
      },
    });
  const parentOptions = [
    { label: t('companies.noParent'), value: null },
    ...(parents.data?.items ?? []).map((c) => ({ label: c.name, value: c.id })),
  ];
  const input = (name: Exclude<keyof CreateCompanyValues, 'parent_id' | 'billing_type'>, label: string, max: number, type = 'text') => (
    <TextField<CreateCompanyValues>
      name={name}
      id={`company-${name}`}
      label={label}
      fieldClassName="companies-field"
      type={type}
      maxLength={max}
      testId={`company-${name}`}
    />
  );
  return (
    <Form form={form} onSubmit={submit} errorKeys="companies.errors" className="companies-form">
      <DropdownField<CreateCompanyValues, number | null>
        name="parent_id"
        id="company-parent"
        label={t('companies.parent')}
        fieldClassName="companies-field"
        options={parentOptions}
        filter
        loading={parents.isPending}
        testId="company-parent"
      />
      {input('name', t('companies.name'), 200)}
      <div className="companies-form__row">
        {input('tax_number', t('companies.taxNumber'), 50)}
        <DropdownField<CreateCompanyValues, 1 | 2>
          name="billing_type"
          id="company-billing"
          label={t('companies.billingType')}
          fieldClassName="companies-field"
          options={[
            { label: t('companies.billing.prepay'), value: 1 },
            { label: t('companies.billing.postpay'), value: 2 },
          ]}
          testId="company-billing"
        />
      </div>
      <div className="companies-form__row">
        {input('contract', t('companies.contract'), 100)}
        {input('country', t('companies.country'), 100)}
      </div>
      <h3 className="companies-form__section">{t('companies.firstAdmin')}</h3>
      <p className="companies-muted">{t('companies.firstAdminHint')}</p>
      {input('admin_email', t('companies.userEmail'), 254, 'email')}
      <div className="companies-form__row">
        {input('admin_first_name', t('companies.firstName'), 100)}
        {input('admin_last_name', t('companies.lastName'), 100)}
      </div>
      <div className="companies-dialog__actions">
        <Button type="button" label={t('companies.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('companies.create')} icon="pi pi-check" loading={create.isPending} data-testid="company-create-submit" />
      </div>
    </Form>
  );
}
