import { Controller } from 'react-hook-form';
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPES, REGISTRATION_API, RegisterCompanyTypeRequest } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { useSaveStep } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** Company Type: the legal form the contract is made with. */
export function CompanyTypeStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  // Nothing chosen is the one problem; said on Next, gone once a type is chosen.
  const form = useZodForm(RegisterCompanyTypeRequest, { defaultValues: { company_type: status.company_type ?? undefined } });
  const save = useSaveStep(REGISTRATION_API.companyType);
  const submit = (values: RegisterCompanyTypeRequest) => save.mutate(values, { onSuccess: onNext });
  const missing = form.formState.errors.company_type !== undefined;

  return (
    <Form form={form} onSubmit={submit} className="register-form">
      <p className="register-lead" id="company-type-label">
        {t('register.companyType.text')}
      </p>
      <Controller
        control={form.control}
        name="company_type"
        render={({ field }) => (
          <div className="register-options" role="radiogroup" aria-labelledby="company-type-label">
            {COMPANY_TYPES.map((option) => (
              <label key={option} className={`register-option${field.value === option ? ' register-option--active' : ''}`} htmlFor={`company-type-${option}`}>
                <RadioButton
                  inputId={`company-type-${option}`}
                  name="company_type"
                  value={option}
                  checked={field.value === option}
                  onChange={() => field.onChange(option)}
                />
                <span>
                  <strong>{t(`register.companyType.types.${option}`)}</strong>
                  <small>{t(`register.companyType.hints.${option}`)}</small>
                </span>
              </label>
            ))}
          </div>
        )}
      />
      {missing && (
        <small className="p-error" role="alert" data-testid="company-type-error">
          {t('register.errors.required')}
        </small>
      )}
      <StepActions onBack={onBack} busy={save.isPending} />
    </Form>
  );
}
