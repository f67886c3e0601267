import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SIM_PROFILES, type SimProfile } from '@cab/contract/constants';
import { groupsQueryOptions } from '@/lib/groups-query';
import { useCompanyLabels } from '../api/sim-labels';
import { scopeCompaniesQuery } from '@/lib/scope-companies-query';
import type { BlockedFilter, SimListState } from '../model/list-state';
import { CsvFilterInput, type CsvFilterFile } from '@/components/csv-filter-input';

const QUERY_DEBOUNCE_MS = 300;
/** PrimeReact's Dropdown shows a null value as empty, so "all profiles" has a value of its own. */
const ALL_PROFILES = 'all';
const MY_COMPANY = 0;
/** "All labels": PrimeReact's Dropdown shows an empty value as nothing chosen, and no label is "*". */
const ALL_LABELS = '*';

interface SimsFilterProps {
  state: SimListState;
  onChange: (patch: Partial<SimListState>) => void;
  csv: CsvFilterFile | null;
  onCsvChange: (file: CsvFilterFile | null) => void;
  /** Shown when there is another company to pick: a child company, or any company for root. */
  showCompany: boolean;
}

/** The cards filter of spec §3; every change lands in the URL through `onChange`. */
export function SimsFilter({ state, onChange, csv, onCsvChange, showCompany }: SimsFilterProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(state.query);
  const [appliedQuery, setAppliedQuery] = useState(state.query);
  // The URL changed under the input (back button, reset): show what it says.
  if (state.query !== appliedQuery) {
    setAppliedQuery(state.query);
    if (query.trim() !== state.query) setQuery(state.query);
  }

  useEffect(() => {
    if (query.trim() === state.query) return;
    const timer = setTimeout(() => onChange({ query: query.trim() }), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, state.query, onChange]);

  const profiles = [
    { label: t('sims.filter.allProfiles'), value: ALL_PROFILES },
    ...SIM_PROFILES.map((profile) => ({ label: profile, value: profile })),
  ];
  const blocked = [
    { label: t('sims.filter.blockedAny'), value: 0 },
    { label: t('sims.filter.blockedYes'), value: 1 },
    { label: t('sims.filter.blockedNo'), value: 2 },
    { label: t('sims.filter.blockedMsu'), value: 3 },
  ];
  const usingCsv = csv !== null;

  return (
    <section className="card sims-filter" aria-label={t('sims.filter.label')}>
      <div className="sims-filter__row sims-filter__row--fields">
        <div className="sims-filter__field sims-filter__field--grow">
          <label htmlFor="sims-query">{t('sims.filter.query')}</label>
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              id="sims-query"
              type="search"
              value={query}
              maxLength={100}
              disabled={usingCsv}
              placeholder={t('sims.filter.queryPlaceholder')}
              onChange={(event) => setQuery(event.target.value)}
              data-testid="sims-filter-query"
            />
          </IconField>
        </div>
        <div className="sims-filter__field">
          <label htmlFor="sims-profile">{t('sims.filter.profile')}</label>
          <Dropdown
            inputId="sims-profile"
            value={state.profile ?? ALL_PROFILES}
            options={profiles}
            disabled={usingCsv}
            onChange={(event) => {
              const value = event.value as SimProfile | typeof ALL_PROFILES;
              onChange({ profile: value === ALL_PROFILES ? null : value });
            }}
            data-testid="sims-filter-profile"
          />
        </div>
        <div className="sims-filter__field">
          <label htmlFor="sims-blocked">{t('sims.filter.blocked')}</label>
          <Dropdown
            inputId="sims-blocked"
            value={state.blocked}
            options={blocked}
            onChange={(event) => onChange({ blocked: event.value as BlockedFilter })}
            data-testid="sims-filter-blocked"
          />
        </div>
        <LabelField value={state.label} onChange={(label) => onChange({ label })} />
        {showCompany && <CompanyField value={state.company} onChange={(company) => onChange({ company })} />}
      </div>
      <div className="sims-filter__row sims-filter__row--options">
        <label className="sims-filter__check" htmlFor="sims-childs">
          <Checkbox
            inputId="sims-childs"
            checked={state.childs}
            onChange={(event) => onChange({ childs: event.checked === true })}
            data-testid="sims-filter-childs"
          />
          {t('sims.filter.childs')}
        </label>
        <label className="sims-filter__check" htmlFor="sims-empty-name">
          <Checkbox
            inputId="sims-empty-name"
            checked={state.emptyName}
            onChange={(event) => onChange({ emptyName: event.checked === true })}
            data-testid="sims-filter-empty-name"
          />
          {t('sims.filter.emptyName')}
        </label>
        {state.group !== null && <GroupChip id={state.group} onClear={() => onChange({ group: null })} />}
        <CsvFilterInput file={csv} onChange={onCsvChange} />
      </div>
      <p className="sims-filter__hint">
        <i className="pi pi-info-circle" aria-hidden="true" /> {usingCsv ? `${t('sims.filter.csvActive')}. ` : ''}
        {t('sims.filter.csvHint')}
      </p>
    </section>
  );
}

/** "My company" by default; a child company (or, for root, any company) narrows the list. */
function CompanyField({ value, onChange }: { value: number | null; onChange: (company: number | null) => void }) {
  const { t } = useTranslation();
  const companies = useQuery(scopeCompaniesQuery);
  const options = [
    { label: t('sims.filter.companyMine'), value: MY_COMPANY },
    ...(companies.data?.items ?? []).filter((c) => !c.own).map((c) => ({ label: c.name, value: c.id })),
  ];
  return (
    <div className="sims-filter__field">
      <label htmlFor="sims-company">{t('sims.filter.company')}</label>
      <Dropdown
        inputId="sims-company"
        value={value ?? MY_COMPANY}
        options={options}
        filter={options.length > 8}
        loading={companies.isLoading}
        emptyFilterMessage={t('sims.filter.companyNone')}
        onChange={(event) => {
          const picked = event.value as number;
          onChange(picked === MY_COMPANY ? null : picked);
        }}
        data-testid="sims-filter-company"
      />
    </div>
  );
}

/** Only SIMs with one label (issue 25.6): the labels the company uses, filtered by typing when many. */
function LabelField({ value, onChange }: { value: string; onChange: (label: string) => void }) {
  const { t } = useTranslation();
  const labels = useCompanyLabels();
  const known = labels.data ?? [];
  // A label from a link that no SIM carries any more still shows as chosen.
  const names = value && !known.includes(value) ? [value, ...known] : known;
  const options = [{ label: t('sims.filter.labelAll'), value: ALL_LABELS }, ...names.map((name) => ({ label: name, value: name }))];
  return (
    <div className="sims-filter__field">
      <label htmlFor="sims-label">{t('sims.filter.labelField')}</label>
      <Dropdown
        inputId="sims-label"
        value={value || ALL_LABELS}
        options={options}
        filter={options.length > 8}
        loading={labels.isLoading}
        emptyMessage={t('sims.filter.labelNone')}
        emptyFilterMessage={t('sims.filter.labelNone')}
        onChange={(event) => onChange(event.value === ALL_LABELS ? '' : (event.value as string))}
        data-testid="sims-filter-label"
      />
    </div>
  );
}

function GroupChip({ id, onClear }: { id: number; onClear: () => void }) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQueryOptions);
  const name = groups.data?.items.find((group) => group.id === id)?.name ?? `#${id}`;
  return (
    <span className="filter-chip" data-testid="sims-filter-group">
      {t('sims.filter.group', { name })}
      <Button
        type="button"
        icon="pi pi-times"
        rounded
        text
        severity="secondary"
        aria-label={t('sims.filter.clearGroup')}
        onClick={onClear}
      />
    </span>
  );
}
