import { useState, type FormEvent } from 'react';
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPES, REGISTRATION_API, type CompanyType } from '@cab/contract/registration';
import { useSaveStep } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** Company Type: the legal form the contract is made with. */
export function CompanyTypeStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<CompanyType | null>(status.company_type);
  const [error, setError] = useState(false);
  const save = useSaveStep(REGISTRATION_API.companyType);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!type) {
      setError(true);
      return;
    }
    save.mutate({ company_type: type }, { onSuccess: onNext });
  }

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <p className="register-lead" id="company-type-label">
        {t('register.companyType.text')}
      </p>
      <div className="register-options" role="radiogroup" aria-labelledby="company-type-label">
        {COMPANY_TYPES.map((option) => (
          <label key={option} className={`register-option${type === option ? ' register-option--active' : ''}`} htmlFor={`company-type-${option}`}>
            <RadioButton
              inputId={`company-type-${option}`}
              name="company_type"
              value={option}
              checked={type === option}
              onChange={() => {
                setType(option);
                setError(false);
              }}
            />
            <span>
              <strong>{t(`register.companyType.types.${option}`)}</strong>
              <small>{t(`register.companyType.hints.${option}`)}</small>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <small className="p-error" role="alert" data-testid="company-type-error">
          {t('register.errors.required')}
        </small>
      )}
      <StepActions onBack={onBack} busy={save.isPending} />
    </form>
  );
}
