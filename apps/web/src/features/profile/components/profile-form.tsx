import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { LANGS } from '@cab/contract/constants';
import type { Profile } from '@cab/contract/profile';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { changeLang, currentLang, i18next } from '@/lib/i18n';
import { showErrorToast } from './show-error-toast';
import { useUpdateProfile } from '../api/profile-api';
import { FormField } from './form-field';
import { fieldErrorKey, profileFormSchema, type ProfileFormInput, type ProfileFormOutput } from './profile-schemas';

const FIELDS = ['first_name', 'last_name', 'phone', 'lang'] as const;

export function ProfileForm({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ?? '',
      // One source of truth: the interface's language, which every socket connection sends to the server.
      lang: currentLang(),
    },
    resolver: zodResolver(profileFormSchema, { error: fieldErrorKey }),
  });
  const onError = (error: ApiError) => {
    const fields = FIELDS.filter((name) => error.fields?.[name]);
    if (fields.length === 0) return showErrorToast(error);
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
  const { errors } = form.formState;

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

  const submit = form.handleSubmit((values) => {
    update.mutate(values, { onSuccess: (saved) => void applySaved(saved) });
  });

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate data-testid="profile-form">
      <FormField id="profile-email" label={t('profile.email')}>
        <InputText id="profile-email" value={profile.email} readOnly disabled />
      </FormField>
      <FormField id="profile-first-name" label={t('profile.firstName')} error={errors.first_name}>
        <InputText
          id="profile-first-name"
          autoComplete="given-name"
          maxLength={100}
          invalid={Boolean(errors.first_name)}
          data-testid="profile-first-name"
          {...form.register('first_name')}
        />
      </FormField>
      <FormField id="profile-last-name" label={t('profile.lastName')} error={errors.last_name}>
        <InputText
          id="profile-last-name"
          autoComplete="family-name"
          maxLength={100}
          invalid={Boolean(errors.last_name)}
          data-testid="profile-last-name"
          {...form.register('last_name')}
        />
      </FormField>
      <FormField id="profile-phone" label={t('profile.phone')} hint={t('profile.phoneHint')} error={errors.phone}>
        <InputText
          id="profile-phone"
          type="tel"
          autoComplete="tel"
          maxLength={16}
          placeholder="+79990001122"
          invalid={Boolean(errors.phone)}
          data-testid="profile-phone"
          {...form.register('phone')}
        />
      </FormField>
      <FormField id="profile-lang" label={t('profile.lang')} error={errors.lang}>
        <select
          id="profile-lang"
          className="p-inputtext profile-select"
          data-testid="profile-lang"
          {...form.register('lang')}
        >
          {LANGS.map((lang) => (
            <option key={lang} value={lang}>
              {t(`lang.${lang}`)}
            </option>
          ))}
        </select>
      </FormField>
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
    </form>
  );
}
