import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_API } from '@cab/contract/registration';
import { countriesQueryOptions, useSaveStep } from '../api/register-api';
import { FormField } from '@/components/form/form-field';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** Jurisdiction: the country list comes from the server; if it fails, the spec's message. */
export function JurisdictionStep({ status, onNext, onBack }: StepProps) {
  const { t, i18n } = useTranslation();
  const countries = useQuery(countriesQueryOptions);
  const [country, setCountry] = useState(status.country ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveStep(REGISTRATION_API.jurisdiction);
  const nameKey = i18n.language === 'en' ? 'name_en' : 'name_ru';
  const options = (countries.data?.items ?? [])
    .map((item) => ({ value: item.code, label: item[nameKey] }))
    .sort((a, b) => a.label.localeCompare(b.label));

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!country) {
      setError(t('register.errors.required'));
      return;
    }
    save.mutate({ country }, { onSuccess: onNext });
  }

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <p className="register-lead">{t('register.jurisdiction.text')}</p>
      {countries.isError ? (
        <Message severity="error" text={t('register.errors.countries')} data-testid="countries-error" />
      ) : (
        <FormField className="register-field" id="register-country" label={t('register.jurisdiction.country')} error={error}>
          <Dropdown
            inputId="register-country"
            value={country}
            options={options}
            onChange={(event) => {
              setCountry(String(event.value));
              setError(undefined);
            }}
            filter
            loading={countries.isPending}
            placeholder={t('register.jurisdiction.placeholder')}
            invalid={Boolean(error)}
            data-testid="register-country"
          />
        </FormField>
      )}
      <StepActions onBack={onBack} busy={save.isPending} nextDisabled={!countries.isSuccess} />
    </form>
  );
}
