import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import {
  COMPANY_USER_ROLES,
  CompanyUserCreateRequest,
  CompanyUserUpdateRequest,
  type CompanyUser,
} from '@cab/contract/company-users';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useCreateUser, useUpdateUser } from '../api/users-api';
import { toastError } from '@/lib/toast-bus';

const NEW_USER_FIELDS = CompanyUserCreateRequest.omit({ company_id: true });

const FIELDS = ['email', 'first_name', 'last_name', 'phone'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  email: 'users.email',
  first_name: 'users.firstName',
  last_name: 'users.lastName',
  phone: 'users.phone',
};

interface Props {
  companyId: number;
  /** null: a new user. */
  user: CompanyUser | null;
  onHide: () => void;
}

/** Add or edit a company user; a new user gets a generated password by e-mail. */
export function UserDialog({ companyId, user, onHide }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone: user?.phone ?? '',
    role: user?.role ?? 'manager',
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const onError = (error: ApiError) => {
    toastError(error);
    if (error.fields) setErrors(error.fields);
  };
  const create = useCreateUser(companyId, onError);
  const update = useUpdateUser(companyId, onError);

  function showIssues(issues: ReadonlyArray<{ path: PropertyKey[] }>): void {
    setErrors(Object.fromEntries(issues.map((issue) => [String(issue.path[0]), t('users.invalid')])));
  }

  function submit(): void {
    const body = { ...values, phone: values.phone.trim() === '' ? null : values.phone };
    setErrors({});
    if (user) {
      const parsed = CompanyUserUpdateRequest.safeParse({ ...body, id: user.id });
      if (!parsed.success) return showIssues(parsed.error.issues);
      update.mutate(parsed.data, {
        onSuccess: () => {
          showSuccessToast({ key: 'users.saved' });
          onHide();
        },
      });
      return;
    }
    const parsed = NEW_USER_FIELDS.safeParse(body);
    if (!parsed.success) return showIssues(parsed.error.issues);
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        showSuccessToast({ key: result.mail_sent ? 'users.created' : 'users.createdNoMail', values: { email: result.user.email } });
        onHide();
      },
    });
  }

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t(user ? 'users.editTitle' : 'users.addTitle')}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="user-dialog"
    >
      <form
        className="company-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {FIELDS.map((field) => (
          <div className="company-form__field" key={field}>
            <label htmlFor={`user-${field}`}>{t(LABELS[field])}</label>
            <InputText
              id={`user-${field}`}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={values[field]}
              maxLength={field === 'email' ? 254 : 100}
              placeholder={field === 'phone' ? '+79990001122' : undefined}
              invalid={Boolean(errors[field])}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              data-testid={`user-input-${field}`}
            />
            {errors[field] && (
              <small className="p-error" role="alert">
                {errors[field]}
              </small>
            )}
          </div>
        ))}
        <div className="company-form__field">
          <label htmlFor="user-role">{t('users.role')}</label>
          <select
            id="user-role"
            className="p-inputtext company-select"
            value={values.role}
            onChange={(event) => setValues({ ...values, role: event.target.value })}
            data-testid="user-input-role"
          >
            {COMPANY_USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`users.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        {!user && <small className="company-form__hint">{t('users.passwordHint')}</small>}
        <div className="company-form__actions">
          <Button type="button" label={t('users.cancel')} text onClick={onHide} />
          <Button
            type="submit"
            label={t(user ? 'users.save' : 'users.add')}
            icon="pi pi-check"
            loading={create.isPending || update.isPending}
            data-testid="user-save"
          />
        </div>
      </form>
    </Dialog>
  );
}
