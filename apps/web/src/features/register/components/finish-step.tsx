import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countriesQueryOptions, useFinish } from '../api/register-api';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';

/** Finish: a summary to check, then the company is registered and the mail notice shows. */
export function FinishStep({ status, onBack }: StepProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinish();
  const countries = useQuery(countriesQueryOptions);
  const country = countries.data?.items.find((item) => item.code === status.country);
  const countryName = country ? (i18n.language === 'en' ? country.name_en : country.name_ru) : status.country;

  if (status.registration_complete) {
    return (
      <div className="register-form register-done" data-testid="register-done">
        <i className="pi pi-check-circle register-done__icon" aria-hidden="true" />
        <h2>{t('register.finish.doneTitle')}</h2>
        <Message severity="info" text={t('register.finish.mailNotice', { email: status.email })} data-testid="register-mail-notice" />
        <Button label={t('register.finish.toCabinet')} icon="pi pi-home" onClick={() => void navigate('/home')} data-testid="register-to-cabinet" />
      </div>
    );
  }
  const rows: [string, string | null][] = [
    ['email', status.email],
    ['country', countryName],
    ['companyType', status.company_type && t(`register.companyType.types.${status.company_type}`)],
    ['uniqueId', status.unique_id],
    ['clientName', status.client_name],
    ['administrator', `${status.firstName ?? ''} ${status.lastName ?? ''}`],
    ['phone', status.phone],
  ];
  return (
    <form
      className="register-form"
      onSubmit={(event) => {
        event.preventDefault();
        finish.mutate();
      }}
    >
      <p className="register-lead">{t('register.finish.text')}</p>
      <dl className="register-summary" data-testid="register-summary">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`register.finish.fields.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <StepActions onBack={onBack} busy={finish.isPending} nextLabel={t('register.finish.submit')} />
    </form>
  );
}
