import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_API, UNIQUE_ID_PATTERN } from '@cab/contract/registration';
import type { ApiError } from '@/lib/api-error';
import { logout } from '@/lib/logout';
import { useSaveStep } from '../api/register-api';
import { StepActions, StepField } from './step-actions';
import type { StepProps } from './step-props';
import { toastError } from '@/lib/toast-bus';

/** Company: the unique id (tax number); one another company holds opens the company check dialog. */
export function CompanyStep({ status, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const [uniqueId, setUniqueId] = useState(status.unique_id ?? '');
  const [error, setError] = useState<string | undefined>();
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const onError = (failure: ApiError) => {
    if (failure.code === 'company_exists') setDuplicate(uniqueId.trim());
    else if (failure.fields?.unique_id) setError(failure.fields.unique_id);
    else toastError(failure);
  };
  const save = useSaveStep(REGISTRATION_API.company, onError);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const value = uniqueId.trim();
    const problem = !value ? 'required' : UNIQUE_ID_PATTERN.test(value) ? undefined : 'uniqueId';
    setError(problem && t(`register.errors.${problem}`));
    if (problem) return;
    save.mutate({ unique_id: value }, { onSuccess: onNext });
  }

  const footer = (
    <div className="register-dialog-actions">
      <Button label={t('register.check.login')} outlined onClick={() => void logout()} data-testid="company-check-login" />
      <Button label={t('register.check.fix')} onClick={() => setDuplicate(null)} autoFocus data-testid="company-check-fix" />
    </div>
  );
  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <p className="register-lead">{t('register.company.text')}</p>
      <StepField id="register-unique-id" label={t('register.company.uniqueId')} hint={t('register.company.hint')} error={error}>
        <InputText
          id="register-unique-id"
          value={uniqueId}
          maxLength={20}
          invalid={Boolean(error)}
          onChange={(event) => setUniqueId(event.target.value)}
          data-testid="register-unique-id"
        />
      </StepField>
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
    </form>
  );
}
