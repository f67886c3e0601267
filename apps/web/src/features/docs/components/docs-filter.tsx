import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { BILL_PAID_FILTERS } from '@cab/contract/bills';
import { billCompaniesQuery, billCountriesQuery } from '../api/bills-api';
import type { DocsListState } from './docs-list-state';

interface DocsFilterProps {
  state: DocsListState;
  onChange: (patch: Partial<DocsListState>) => void;
}

/** The docs filter bar (spec §3): paid, company (default all), period (YYYY-MM), country. */
export function DocsFilter({ state, onChange }: DocsFilterProps) {
  const { t, i18n } = useTranslation();
  const companies = useQuery(billCompaniesQuery);
  const countries = useQuery(billCountriesQuery);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const sortedCountries = [...(countries.data?.items ?? [])].sort((a, b) =>
    (lang === 'ru' ? a.name_ru : a.name_en).localeCompare(lang === 'ru' ? b.name_ru : b.name_en, lang),
  );
  const set = (patch: Partial<DocsListState>) => onChange({ ...patch, pageIndex: 1 });
  const filtered = state.paid !== 0 || state.company !== null || state.period !== '' || state.country !== '';
  return (
    <div className="docs-filter card" role="search" data-testid="docs-filter">
      <div className="docs-filter__field">
        <label htmlFor="docs-paid">{t('docs.filter.paid')}</label>
        <select id="docs-paid" className="p-inputtext" value={state.paid} onChange={(e) => set({ paid: Number(e.target.value) as DocsListState['paid'] })} data-testid="docs-paid">
          {BILL_PAID_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`docs.filter.paidOptions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="docs-filter__field">
        <label htmlFor="docs-company">{t('docs.filter.company')}</label>
        <select
          id="docs-company"
          className="p-inputtext"
          value={state.company ?? ''}
          onChange={(e) => set({ company: e.target.value ? Number(e.target.value) : null })}
          data-testid="docs-company"
        >
          <option value="">{t('docs.filter.companyAll')}</option>
          {(companies.data?.items ?? []).map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
      </div>
      <div className="docs-filter__field">
        <label htmlFor="docs-period">{t('docs.filter.period')}</label>
        <InputText id="docs-period" type="month" value={state.period} onChange={(e) => set({ period: e.target.value })} data-testid="docs-period" />
      </div>
      <div className="docs-filter__field">
        <label htmlFor="docs-country">{t('docs.filter.country')}</label>
        <select
          id="docs-country"
          className="p-inputtext"
          value={state.country}
          onChange={(e) => set({ country: e.target.value })}
          data-testid="docs-country"
        >
          <option value="">{t('docs.filter.countryAny')}</option>
          {/* A country in the link that the list does not know still shows, by its code. */}
          {state.country && !countries.data?.items.some((c) => c.code === state.country) && <option value={state.country}>{state.country}</option>}
          {sortedCountries.map((country) => (
            <option key={country.code} value={country.code}>
              {lang === 'ru' ? country.name_ru : country.name_en}
            </option>
          ))}
        </select>
      </div>
      {filtered && (
        <Button
          type="button"
          text
          icon="pi pi-filter-slash"
          label={t('docs.filter.reset')}
          onClick={() => set({ paid: 0, company: null, period: '', country: '' })}
          data-testid="docs-reset"
        />
      )}
    </div>
  );
}
