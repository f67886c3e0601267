import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { COMPANY_USER_ROLES, CompanyUserCreateRequest, type CompanyUser } from '@cab/contract/company-users';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useCreateUser, useUpdateUser } from '../api/users-api';
import { toastError } from '@/lib/toast-bus';

/** The user's fields as the contract checks them on create and update; an empty phone means none. */
const USER_FIELDS = CompanyUserCreateRequest.omit({ company_id: true });
const userFormSchema = USER_FIELDS.extend({
  phone: z
    .string()
    .transform((phone) => (phone.trim() === '' ? null : phone))
    .pipe(USER_FIELDS.shape.phone),
});
type UserFormInput = z.input<typeof userFormSchema>;
type UserFormOutput = z.output<typeof userFormSchema>;

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
  const form = useZodForm(userFormSchema, {
    defaultValues: {
      email: user?.email ?? '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      phone: user?.phone ?? '',
      role: COMPANY_USER_ROLES.find((role) => role === user?.role) ?? 'manager',
    },
    // Any client-side problem reads users.invalid, checked on Save only (as before).
    issueToKey: () => 'invalid',
    reValidateMode: 'onSubmit',
  });
  const onError = (error: ApiError) => {
    toastError(error);
    for (const field of FIELDS) {
      const message = error.fields?.[field];
      if (message) form.setError(field, { type: 'server', message });
    }
  };
  const create = useCreateUser(companyId, onError);
  const update = useUpdateUser(companyId, onError);

  function submit(values: UserFormOutput): void {
    if (user) {
      update.mutate(
        { ...values, id: user.id },
        {
          onSuccess: () => {
            showSuccessToast({ key: 'users.saved' });
            onHide();
          },
        },
      );
      return;
    }
    create.mutate(values, {
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
      <Form form={form} onSubmit={submit} errorKeys="users" className="company-form">
        {FIELDS.map((field) => (
          <TextField<UserFormInput>
            key={field}
            name={field}
            id={`user-${field}`}
            label={t(LABELS[field])}
            fieldClassName="company-form__field"
            type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
            maxLength={field === 'email' ? 254 : 100}
            placeholder={field === 'phone' ? '+79990001122' : undefined}
            testId={`user-input-${field}`}
          />
        ))}
        <NativeSelectField<UserFormInput>
          name="role"
          id="user-role"
          label={t('users.role')}
          fieldClassName="company-form__field"
          className="company-select"
          options={COMPANY_USER_ROLES.map((role) => ({ label: t(`users.roles.${role}`), value: role }))}
          testId="user-input-role"
        />
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
      </Form>
    </Dialog>
  );
}
