import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { CompanyUpdateRequest, type CompanyDetails, type CompanyField } from '@cab/contract/company';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useUpdateCompany } from '../api/company-api';
import { initialValues, toUpdateRequest, type CompanyFormValues } from './company-form-values';
import { toastError } from '@/lib/toast-bus';

const LABELS: Record<CompanyField, string> = {
  name: 'company.fields.name',
  responsible: 'company.fields.responsible',
  whatsapp: 'company.fields.whatsapp',
  require_second_factor: 'twoFactor.requireLabel',
  contract: 'company.fields.contract',
  billing_type: 'company.fields.billingType',
  overdraft: 'company.fields.overdraft',
  country: 'company.fields.country',
};

const HINTS: Partial<Record<CompanyField, string>> = {
  whatsapp: 'company.whatsappHint',
  country: 'company.countryHint',
  require_second_factor: 'twoFactor.requireHint',
};

/** The fields as typed, turned into the request and checked by the contract's CompanyUpdateRequest. */
function companyFormSchema(company: CompanyDetails) {
  return z
    .custom<CompanyFormValues>()
    .transform((values) => toUpdateRequest(company.id, company.editable, values))
    .pipe(CompanyUpdateRequest);
}

export function CompanyEditDialog({ company, onHide }: { company: CompanyDetails; onHide: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => companyFormSchema(company), [company]);
  const form = useZodForm(schema, {
    defaultValues: initialValues(company),
    // Any client-side problem reads company.invalid, checked on Save only (as before).
    issueToKey: () => 'invalid',
    reValidateMode: 'onSubmit',
  });
  const onError = (error: ApiError) => {
    const fields = Object.entries(error.fields ?? {}).filter(([name]) => name in LABELS);
    if (fields.length === 0) return toastError(error);
    for (const [name, message] of fields) form.setError(name as CompanyField, { type: 'server', message });
  };
  const update = useUpdateCompany(onError);

  function submit(request: CompanyUpdateRequest): void {
    update.mutate(request, {
      onSuccess: () => {
        showSuccessToast({ key: 'company.saved' });
        onHide();
      },
    });
  }

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('company.editTitle')}
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="company-edit-dialog"
    >
      <Form form={form} onSubmit={submit} errorKeys="company" className="company-form">
        {company.editable.map((field) => {
          const hint = HINTS[field];
          if (field === 'require_second_factor') {
            return (
              <NativeSelectField<CompanyFormValues>
                key={field}
                name="require_second_factor"
                id="company-require_second_factor"
                label={t(LABELS[field])}
                hint={hint ? t(hint) : undefined}
                fieldClassName="company-form__field"
                className="company-select"
                options={[
                  { label: t('company.secondFactor.optional'), value: '0' },
                  { label: t('company.secondFactor.required'), value: '1' },
                ]}
              />
            );
          }
          return field === 'billing_type' ? (
            <NativeSelectField<CompanyFormValues>
              key={field}
              name="billing_type"
              id="company-billing_type"
              label={t(LABELS[field])}
              fieldClassName="company-form__field"
              className="company-select"
              options={[
                { label: t('company.billingTypes.1'), value: '1' },
                { label: t('company.billingTypes.2'), value: '2' },
              ]}
            />
          ) : (
            <TextField<CompanyFormValues>
              key={field}
              name={field}
              id={`company-${field}`}
              label={t(LABELS[field])}
              hint={hint ? t(hint) : undefined}
              fieldClassName="company-form__field"
              maxLength={field === 'country' ? 2 : 200}
              inputMode={field === 'overdraft' ? 'decimal' : undefined}
              placeholder={field === 'whatsapp' ? '+79990001122' : undefined}
              testId={`company-input-${field}`}
            />
          );
        })}
        <div className="company-form__actions">
          <Button type="button" label={t('company.cancel')} text onClick={onHide} />
          <Button
            type="submit"
            label={t('company.save')}
            icon="pi pi-check"
            loading={update.isPending}
            data-testid="company-save"
          />
        </div>
      </Form>
    </Dialog>
  );
}
