import { useId, useState } from 'react';
import '../../sim-rules-tools.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from '@/components/data-table';
import { Dropdown } from 'primereact/dropdown';
import { Skeleton } from 'primereact/skeleton';
import { NETWORK_COUNTRIES, type CountryRule } from '@cab/contract/sim-rules';
import { DateInput } from '@/components/date-input';
import { formatIsoDay } from '@/lib/format-date';
import { countryRulesQuery, useCreateCountryRule, useDeleteCountryRule } from '../../api/sim-rules-api';
import { QueryStates } from '@/components/query-states';

/** Root's country rules: where TC-profile SIMs do not work from a date (spec §9); the simulator refuses their sessions there. */
export function CountryRulesTab() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const rules = useQuery(countryRulesQuery);
  const create = useCreateCountryRule();
  const remove = useDeleteCountryRule();
  const [country, setCountry] = useState<string | null>(null);
  const [from, setFrom] = useState('2024-06-01');
  const [deleting, setDeleting] = useState<CountryRule | null>(null);
  const nameOf = (code: string) => {
    const found = NETWORK_COUNTRIES.find((c) => c.code === code);
    return found ? (i18n.language === 'en' ? found.name_en : found.name_ru) : code;
  };
  const options = NETWORK_COUNTRIES.filter((c) => c.zone !== 'home').map((c) => ({ value: c.code, label: nameOf(c.code) }));
  const dateValid = /^\d{4}-\d{2}-\d{2}$/.test(from);
  return (
    <section className="card tools-card" aria-labelledby={`${id}-title`} data-testid="country-rules">
      <h2 id={`${id}-title`}>{t('countryRule.title')}</h2>
      <p className="tools-card__text">{t('countryRule.text')}</p>
      <QueryStates query={rules} pending={<Skeleton height="6rem" />}>
        {(data) => (
          <DataTable value={data} dataKey="id" size="small" stripedRows emptyMessage={t('countryRule.empty')} data-testid="country-rules-table">
            <Column header={t('countryRule.country')} body={(rule: CountryRule) => `${nameOf(rule.country)} (${rule.country})`} />
            <Column header={t('countryRule.from')} body={(rule: CountryRule) => formatIsoDay(rule.from, i18n.language)} />
            <Column
              header={t('countryRule.actions')}
              body={(rule: CountryRule) => (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  aria-label={t('countryRule.delete', { country: nameOf(rule.country) })}
                  onClick={() => setDeleting(rule)}
                />
              )}
            />
          </DataTable>
        )}
      </QueryStates>
      <form
        className="tools-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (country) create.mutate({ country, from }, { onSuccess: () => setCountry(null) });
        }}
      >
        <div className="tools-field">
          <label htmlFor={`${id}-country`}>{t('countryRule.country')}</label>
          <Dropdown inputId={`${id}-country`} value={country} options={options} filter placeholder={t('countryRule.choose')} onChange={(e) => setCountry(e.value as string)} />
        </div>
        <div className="tools-field">
          <label htmlFor={`${id}-from`}>{t('countryRule.from')}</label>
          <DateInput inputId={`${id}-from`} value={from} onChange={(day) => setFrom(day ?? '')} invalid={!dateValid} />
        </div>
        <Button type="submit" label={t('countryRule.add')} icon="pi pi-plus" disabled={!country || !dateValid} loading={create.isPending} />
      </form>
      {(create.error ?? remove.error) && (
        <div className="inline-message inline-message--warn" role="alert">
          <span>{(create.error ?? remove.error)?.message}</span>
        </div>
      )}
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('countryRule.deleteTitle')}
        message={deleting ? t('countryRule.deleteText', { country: nameOf(deleting.country) }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('countryRule.deleteConfirm')}
        rejectLabel={t('globalUnblock.cancel')}
        acceptClassName="p-button-danger"
        accept={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
