import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Form } from '@/components/form/form';
import { PasswordField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useChangePassword } from '../api/profile-api';
import { EMPTY_PASSWORD_FORM, PROFILE_ERROR_VALUES, fieldErrorKey, passwordFormSchema, type PasswordFormValues } from './profile-schemas';
import { toastError } from '@/lib/toast-bus';

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useZodForm(passwordFormSchema, { defaultValues: EMPTY_PASSWORD_FORM, issueToKey: fieldErrorKey });
  // 'Wrong password' (422) belongs under the current password; other field errors under theirs.
  const onError = (error: ApiError) => {
    if (error.code === 'wrong_password')
      return form.setError('current_password', { type: 'server', message: error.message }, { shouldFocus: true });
    const message = error.fields?.new_password;
    if (message) return form.setError('new_password', { type: 'server', message });
    toastError(error);
  };
  const change = useChangePassword(onError);

  const submit = ({ current_password, new_password }: PasswordFormValues) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset(EMPTY_PASSWORD_FORM);
          showSuccessToast({ key: 'profile.passwordChanged' });
        },
      },
    );
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      errorKeys="profile.errors"
      errorValues={PROFILE_ERROR_VALUES}
      className="profile-form"
      testId="password-form"
    >
      <PasswordField<PasswordFormValues>
        name="current_password"
        id="password-current"
        label={t('profile.currentPassword')}
        autoComplete="current-password"
        testId="password-current"
      />
      <PasswordField<PasswordFormValues>
        name="new_password"
        id="password-new"
        label={t('profile.newPassword')}
        autoComplete="new-password"
        testId="password-new"
      />
      <PasswordField<PasswordFormValues>
        name="repeat_password"
        id="password-repeat"
        label={t('profile.repeatPassword')}
        autoComplete="new-password"
        testId="password-repeat"
      />
      <small className="profile-form__note">{t('profile.passwordNote')}</small>
      <div className="profile-form__actions">
        <Button
          type="submit"
          label={t('profile.changePassword')}
          icon="pi pi-lock"
          loading={change.isPending}
          data-testid="password-save"
        />
      </div>
    </Form>
  );
}
