import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_API, RegisterJurisdictionRequest } from '@cab/contract/registration';
import { Form } from '@/components/form/form';
import { DropdownField } from '@/components/form/select-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { countriesQueryOptions, useSaveStep } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** Jurisdiction: the country list comes from the server; if it fails, the spec's message. */
export function JurisdictionStep({ status, onNext, onBack }: StepProps) {
  const { t, i18n } = useTranslation();
  const countries = useQuery(countriesQueryOptions);
  // A country from the list is the only choice: no choice is what there is to say, on Next.
  const form = useZodForm(RegisterJurisdictionRequest, { defaultValues: { country: status.country ?? '' }, issueToKey: () => 'required' });
  const save = useSaveStep(REGISTRATION_API.jurisdiction);
  const nameKey = i18n.language === 'en' ? 'name_en' : 'name_ru';
  const options = (countries.data?.items ?? [])
    .map((item) => ({ value: item.code, label: item[nameKey] }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const submit = (values: RegisterJurisdictionRequest) => save.mutate(values, { onSuccess: onNext });

  return (
    <Form form={form} onSubmit={submit} errorKeys="register.errors" className="register-form">
      <p className="register-lead">{t('register.jurisdiction.text')}</p>
      {countries.isError ? (
        <Message severity="error" text={t('register.errors.countries')} data-testid="countries-error" />
      ) : (
        <DropdownField<RegisterJurisdictionRequest, string>
          name="country"
          id="register-country"
          label={t('register.jurisdiction.country')}
          fieldClassName="register-field"
          options={options}
          filter
          loading={countries.isPending}
          placeholder={t('register.jurisdiction.placeholder')}
          testId="register-country"
        />
      )}
      <StepActions onBack={onBack} busy={save.isPending} nextDisabled={!countries.isSuccess} />
    </Form>
  );
}
