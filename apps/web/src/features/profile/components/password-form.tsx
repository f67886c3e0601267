import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useChangePassword } from '../api/profile-api';
import { FormField } from './form-field';
import { EMPTY_PASSWORD_FORM, fieldErrorKey, passwordFormSchema, type PasswordFormValues } from './profile-schemas';
import { showErrorToast } from './show-error-toast';

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm<PasswordFormValues>({
    defaultValues: EMPTY_PASSWORD_FORM,
    resolver: zodResolver(passwordFormSchema, { error: fieldErrorKey }),
  });
  // 'Wrong password' (422) belongs under the current password; other field errors under theirs.
  const onError = (error: ApiError) => {
    if (error.code === 'wrong_password')
      return form.setError('current_password', { type: 'server', message: error.message }, { shouldFocus: true });
    const message = error.fields?.new_password;
    if (message) return form.setError('new_password', { type: 'server', message });
    showErrorToast(error);
  };
  const change = useChangePassword(onError);
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ current_password, new_password }) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset(EMPTY_PASSWORD_FORM);
          showSuccessToast({ key: 'profile.passwordChanged' });
        },
      },
    );
  });

  const input = (name: keyof PasswordFormValues, id: string, autoComplete: string) => (
    <InputText
      id={id}
      type="password"
      autoComplete={autoComplete}
      maxLength={200}
      invalid={Boolean(errors[name])}
      data-testid={id}
      {...form.register(name)}
    />
  );

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
      <FormField id="password-current" label={t('profile.currentPassword')} error={errors.current_password}>
        {input('current_password', 'password-current', 'current-password')}
      </FormField>
      <FormField id="password-new" label={t('profile.newPassword')} error={errors.new_password}>
        {input('new_password', 'password-new', 'new-password')}
      </FormField>
      <FormField id="password-repeat" label={t('profile.repeatPassword')} error={errors.repeat_password}>
        {input('repeat_password', 'password-repeat', 'new-password')}
      </FormField>
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
    </form>
  );
}
