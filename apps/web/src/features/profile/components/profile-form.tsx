import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { LANGS } from '@cab/contract/constants';
import type { Profile } from '@cab/contract/profile';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { NativeSelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { changeLang, currentLang, i18next } from '@/lib/i18n';
import { useUpdateProfile } from '../api/profile-api';
import { PROFILE_ERROR_VALUES, fieldErrorKey, profileFormSchema, type ProfileFormInput, type ProfileFormOutput } from './profile-schemas';
import { toastError } from '@/lib/toast-bus';

const FIELDS = ['first_name', 'last_name', 'phone', 'lang'] as const;

export function ProfileForm({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(profileFormSchema, {
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ?? '',
      // One source of truth: the interface's language, which every socket connection sends to the server.
      lang: currentLang(),
    },
    issueToKey: fieldErrorKey,
  });
  const onError = (error: ApiError) => {
    const fields = FIELDS.filter((name) => error.fields?.[name]);
    if (fields.length === 0) return toastError(error);
    for (const name of fields) form.setError(name, { type: 'server', message: error.fields?.[name] });
  };
  const update = useUpdateProfile(onError);

  // The header's switch changes the language while the form is open: the field follows, other edits stay.
  useEffect(() => {
    const follow = (lng: string) => {
      const lang = LANGS.find((l) => l === lng);
      if (lang) form.setValue('lang', lang);
    };
    i18next.on('languageChanged', follow);
    return () => i18next.off('languageChanged', follow);
  }, [form]);

  async function applySaved(saved: Profile): Promise<void> {
    form.reset({ ...saved, phone: saved.phone ?? '' });
    // Same as the header's switch: store it, switch i18next (the socket follows), refetch server texts.
    if (saved.lang !== currentLang()) {
      await changeLang(saved.lang);
      await queryClient.invalidateQueries();
    }
    // i18next.t, not this render's t: the language may have just changed.
    showSuccessToast({ key: 'profile.saved' });
  }

  const submit = (values: ProfileFormOutput) => {
    update.mutate(values, { onSuccess: (saved) => void applySaved(saved) });
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      errorKeys="profile.errors"
      errorValues={PROFILE_ERROR_VALUES}
      className="profile-form"
      testId="profile-form"
    >
      <FormField id="profile-email" label={t('profile.email')}>
        <InputText id="profile-email" value={profile.email} readOnly disabled />
      </FormField>
      <TextField<ProfileFormInput>
        name="first_name"
        id="profile-first-name"
        label={t('profile.firstName')}
        autoComplete="given-name"
        maxLength={100}
        testId="profile-first-name"
      />
      <TextField<ProfileFormInput>
        name="last_name"
        id="profile-last-name"
        label={t('profile.lastName')}
        autoComplete="family-name"
        maxLength={100}
        testId="profile-last-name"
      />
      <TextField<ProfileFormInput>
        name="phone"
        id="profile-phone"
        label={t('profile.phone')}
        hint={t('profile.phoneHint')}
        type="tel"
        autoComplete="tel"
        maxLength={16}
        placeholder="+79990001122"
        testId="profile-phone"
      />
      <NativeSelectField<ProfileFormInput>
        name="lang"
        id="profile-lang"
        label={t('profile.lang')}
        className="profile-select"
        options={LANGS.map((lang) => ({ label: t(`lang.${lang}`), value: lang }))}
        testId="profile-lang"
      />
      {readOnly && <small className="profile-form__note">{t('profile.readOnly')}</small>}
      <div className="profile-form__actions">
        <Button
          type="submit"
          label={t('profile.save')}
          icon="pi pi-check"
          loading={update.isPending}
          disabled={readOnly}
          data-testid="profile-save"
        />
      </div>
    </Form>
  );
}
