import { useTranslation } from 'react-i18next';
import { REGISTRATION_API, RegisterAdministratorRequest } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useSaveStep } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

type Field = keyof RegisterAdministratorRequest;
const LIMITS: Record<Field, number> = { client_name: 200, firstName: 100, lastName: 100 };
const FIELDS: Field[] = ['client_name', 'firstName', 'lastName'];
const AUTOCOMPLETE: Record<Field, string> = { client_name: 'organization', firstName: 'given-name', lastName: 'family-name' };

/** Administrator: the company's name as a client, and the admin's first and last name. */
export function AdministratorStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const form = useZodForm(RegisterAdministratorRequest, {
    defaultValues: { client_name: status.client_name ?? '', firstName: status.firstName ?? '', lastName: status.lastName ?? '' },
    // The inputs stop at the contract's lengths: an empty field is the one thing to say.
    issueToKey: () => 'required',
    // As the wizard always did: checked on Next, not as one types.
    reValidateMode: 'onSubmit',
  });
  const save = useSaveStep(REGISTRATION_API.administrator);
  const submit = (values: RegisterAdministratorRequest) => save.mutate(values, { onSuccess: onNext });

  return (
    <Form form={form} onSubmit={submit} errorKeys="register.errors" className="register-form">
      <p className="register-lead">{t('register.administrator.text')}</p>
      {FIELDS.map((field) => (
        <TextField<RegisterAdministratorRequest>
          key={field}
          name={field}
          id={`register-${field}`}
          label={t(`register.administrator.${field}`)}
          hint={field === 'client_name' ? t('register.administrator.clientNameHint') : undefined}
          fieldClassName="register-field"
          maxLength={LIMITS[field]}
          autoComplete={AUTOCOMPLETE[field]}
          testId={`register-${field}`}
        />
      ))}
      <StepActions onBack={onBack} busy={save.isPending} />
    </Form>
  );
}
