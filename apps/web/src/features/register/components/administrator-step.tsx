import { useState, type FormEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_API, type RegisterAdministratorRequest } from '@cab/contract/registration';
import { useSaveStep } from '../api/register-api';
import { StepActions, StepField } from './step-actions';
import type { StepProps } from './step-props';

type Field = keyof RegisterAdministratorRequest;
const LIMITS: Record<Field, number> = { client_name: 200, firstName: 100, lastName: 100 };
const FIELDS: Field[] = ['client_name', 'firstName', 'lastName'];

/** Administrator: the company's name as a client, and the admin's first and last name. */
export function AdministratorStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegisterAdministratorRequest>({
    client_name: status.client_name ?? '',
    firstName: status.firstName ?? '',
    lastName: status.lastName ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveStep(REGISTRATION_API.administrator);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const trimmed = { client_name: values.client_name.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    const next = Object.fromEntries(FIELDS.filter((field) => !trimmed[field]).map((field) => [field, t('register.errors.required')]));
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(trimmed, { onSuccess: onNext });
  }

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <p className="register-lead">{t('register.administrator.text')}</p>
      {FIELDS.map((field) => (
        <StepField
          key={field}
          id={`register-${field}`}
          label={t(`register.administrator.${field}`)}
          hint={field === 'client_name' ? t('register.administrator.clientNameHint') : undefined}
          error={errors[field]}
        >
          <InputText
            id={`register-${field}`}
            value={values[field]}
            maxLength={LIMITS[field]}
            invalid={Boolean(errors[field])}
            autoComplete={field === 'firstName' ? 'given-name' : field === 'lastName' ? 'family-name' : 'organization'}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            data-testid={`register-${field}`}
          />
        </StepField>
      ))}
      <StepActions onBack={onBack} busy={save.isPending} />
    </form>
  );
}
