import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { CompanyUpdateRequest, type CompanyDetails, type CompanyField } from '@cab/contract/company';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useUpdateCompany } from '../api/company-api';
import { initialValues, toUpdateRequest } from './company-form-values';
import { toastError } from '@/lib/toast-bus';

const LABELS: Record<CompanyField, string> = {
  name: 'company.fields.name',
  responsible: 'company.fields.responsible',
  whatsapp: 'company.fields.whatsapp',
  contract: 'company.fields.contract',
  billing_type: 'company.fields.billingType',
  overdraft: 'company.fields.overdraft',
  country: 'company.fields.country',
};

const HINTS: Partial<Record<CompanyField, string>> = {
  whatsapp: 'company.whatsappHint',
  country: 'company.countryHint',
};

export function CompanyEditDialog({ company, onHide }: { company: CompanyDetails; onHide: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(company));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const onError = (error: ApiError) => {
    if (error.fields && Object.keys(error.fields).some((name) => name in LABELS)) setErrors(error.fields);
    else toastError(error);
  };
  const update = useUpdateCompany(onError);

  function submit(): void {
    const parsed = CompanyUpdateRequest.safeParse(toUpdateRequest(company.id, company.editable, values));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t('company.invalid')])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
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
      <form
        className="company-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {company.editable.map((field) => {
          const hint = HINTS[field];
          return (
            <div className="company-form__field" key={field}>
              <label htmlFor={`company-${field}`}>{t(LABELS[field])}</label>
              {field === 'billing_type' ? (
                <select
                  id="company-billing_type"
                  className="p-inputtext company-select"
                  value={values.billing_type}
                  onChange={(event) => setValues({ ...values, billing_type: event.target.value })}
                >
                  <option value="1">{t('company.billingTypes.1')}</option>
                  <option value="2">{t('company.billingTypes.2')}</option>
                </select>
              ) : (
                <InputText
                  id={`company-${field}`}
                  value={values[field]}
                  maxLength={field === 'country' ? 2 : 200}
                  invalid={Boolean(errors[field])}
                  inputMode={field === 'overdraft' ? 'decimal' : undefined}
                  placeholder={field === 'whatsapp' ? '+79990001122' : undefined}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  data-testid={`company-input-${field}`}
                />
              )}
              {errors[field] ? (
                <small className="p-error" role="alert">
                  {errors[field]}
                </small>
              ) : (
                hint && <small className="company-form__hint">{t(hint)}</small>
              )}
            </div>
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
      </form>
    </Dialog>
  );
}
