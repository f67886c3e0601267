import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_API, RegisterCompanyRequest } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import type { ApiError } from '@/lib/api-error';
import { logout } from '@/lib/logout';
import { useSaveStep } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';
import { toastError } from '@/lib/toast-bus';

/** Company: the unique id (tax number); one another company holds opens the company check dialog. */
export function CompanyStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const form = useZodForm(RegisterCompanyRequest, {
    defaultValues: { unique_id: status.unique_id ?? '' },
    // The contract's pattern; an empty field says so.
    issueToKey: (issue) => (issue.input === '' ? 'required' : 'uniqueId'),
    reValidateMode: 'onSubmit',
  });
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const onError = (failure: ApiError) => {
    if (failure.code === 'company_exists') setDuplicate(form.getValues('unique_id').trim());
    else if (failure.fields?.unique_id) form.setError('unique_id', { type: 'server', message: failure.fields.unique_id });
    else toastError(failure);
  };
  const save = useSaveStep(REGISTRATION_API.company, onError);
  const submit = (values: RegisterCompanyRequest) => save.mutate(values, { onSuccess: onNext });

  const footer = (
    <div className="register-dialog-actions">
      <Button label={t('register.check.login')} outlined onClick={() => void logout()} data-testid="company-check-login" />
      <Button label={t('register.check.fix')} onClick={() => setDuplicate(null)} autoFocus data-testid="company-check-fix" />
    </div>
  );
  return (
    <Form form={form} onSubmit={submit} errorKeys="register.errors" className="register-form">
      <p className="register-lead">{t('register.company.text')}</p>
      <TextField<RegisterCompanyRequest>
        name="unique_id"
        id="register-unique-id"
        label={t('register.company.uniqueId')}
        hint={t('register.company.hint')}
        fieldClassName="register-field"
        maxLength={20}
        testId="register-unique-id"
      />
      <StepActions onBack={onBack} busy={save.isPending} />
      <Dialog
        header={t('register.check.title')}
        visible={duplicate !== null}
        onHide={() => setDuplicate(null)}
        footer={footer}
        style={{ width: '32rem' }}
        breakpoints={{ '640px': '95vw' }}
        data-testid="company-check-dialog"
      >
        <p>{t('register.check.text', { id: duplicate ?? '' })}</p>
      </Dialog>
    </Form>
  );
}
