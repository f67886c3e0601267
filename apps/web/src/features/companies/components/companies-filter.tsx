import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { COMPANY_STATES, type CompanyState } from '@cab/contract/companies-admin';
import type { CompaniesListState } from '../model/list-state';

const QUERY_DEBOUNCE_MS = 300;
/** Dropdown shows null as empty, so "every live company" has a value of its own. */
const ALL = 'all';

interface CompaniesFilterProps {
  state: CompaniesListState;
  onChange: (patch: Partial<CompaniesListState>) => void;
}

export function CompaniesFilter({ state, onChange }: CompaniesFilterProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(state.query);
  const [appliedQuery, setAppliedQuery] = useState(state.query);
  // The URL changed under the input (back button): show what it says.
  if (state.query !== appliedQuery) {
    setAppliedQuery(state.query);
    if (query.trim() !== state.query) setQuery(state.query);
  }
  useEffect(() => {
    if (query.trim() === state.query) return;
    const timer = setTimeout(() => onChange({ query: query.trim(), pageIndex: 1 }), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, state.query, onChange]);

  const states = [
    { label: t('companies.states.all'), value: ALL },
    ...COMPANY_STATES.map((value) => ({ label: t(`companies.states.${value}`), value })),
  ];
  return (
    <section className="card companies-filter" aria-label={t('companies.filterLabel')}>
      <div className="companies-filter__field companies-filter__field--grow">
        <label htmlFor="companies-query">{t('companies.search')}</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="companies-query"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('companies.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="companies-query"
          />
        </IconField>
      </div>
      <div className="companies-filter__field">
        <label htmlFor="companies-state">{t('companies.state')}</label>
        <Dropdown
          inputId="companies-state"
          value={state.state ?? ALL}
          options={states}
          onChange={(event) => {
            const value = event.value as CompanyState | typeof ALL;
            onChange({ state: value === ALL ? null : value, pageIndex: 1 });
          }}
          data-testid="companies-state"
        />
      </div>
    </section>
  );
}
