import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SIM_PROFILES, type SimProfile } from '@cab/contract/constants';
import { DateInput } from '@/components/date-input';
import { scopeCompaniesQuery } from '@/lib/scope-companies-query';
import { CsvFilterInput, type CsvFilterFile } from '@/components/csv-filter-input';
import { simLabelsQuery } from '@/lib/sim-labels-query';
import { reportGroupsQuery } from '../api/reports';

/** "Any label": PrimeReact's Dropdown shows an empty value as nothing chosen, and no label is "*". */
const ANY_LABEL = '*';
import { NO_COMPANY, PRESETS, presetRange, reportCompany, type ReportState } from '../model/report-state';

const QUERY_DEBOUNCE_MS = 400;
const NONE = 0;
const ALL = 'all';

interface ReportFilterProps {
  state: ReportState;
  onChange: (patch: Partial<ReportState>) => void;
  csv: CsvFilterFile | null;
  onCsvChange: (file: CsvFilterFile | null) => void;
  /** The user's own company among those it may report on: the Company filter's default. */
  ownCompany: number | null;
}

/** The SIM filter of the cards list (query, CSV, group, company with children, profile) and the date range. */
export function ReportFilter({ state, onChange, csv, onCsvChange, ownCompany }: ReportFilterProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(state.query);
  const [appliedQuery, setAppliedQuery] = useState(state.query);
  if (state.query !== appliedQuery) {
    setAppliedQuery(state.query);
    if (query.trim() !== state.query) setQuery(state.query);
  }
  useEffect(() => {
    if (query.trim() === state.query) return;
    const timer = setTimeout(() => onChange({ query: query.trim() }), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, state.query, onChange]);

  const companies = useQuery(scopeCompaniesQuery);
  const company = reportCompany(state, ownCompany);
  // No company named: the report covers the user's default scope, whose groups are the own company's.
  const groupsOf = company ?? ownCompany;
  const groups = useQuery({ ...reportGroupsQuery(groupsOf ?? 0), enabled: groupsOf !== null });
  const companyOptions = [
    { label: t('reports.filter.companyNone'), value: NONE },
    ...(companies.data?.items ?? []).map((c) => ({ label: c.own ? t('reports.filter.companyOwn', { name: c.name }) : c.name, value: c.id })),
  ];
  const groupOptions = [{ label: t('reports.filter.groupAny'), value: NONE }, ...(groups.data?.items ?? []).map((g) => ({ label: g.name, value: g.id }))];
  // The labels of the company the report is on.
  const labels = useQuery({ ...simLabelsQuery(groupsOf ?? undefined), enabled: groupsOf !== null });
  const labelNames = state.label && !(labels.data ?? []).includes(state.label) ? [state.label, ...(labels.data ?? [])] : (labels.data ?? []);
  const labelOptions = [{ label: t('reports.filter.labelAny'), value: ANY_LABEL }, ...labelNames.map((name) => ({ label: name, value: name }))];
  const profiles = [{ label: t('reports.filter.profileAny'), value: ALL }, ...SIM_PROFILES.map((p) => ({ label: p, value: p }))];

  return (
    <section className="card report-filter" aria-label={t('reports.filter.label')}>
      <div className="report-filter__row">
        <div className="report-filter__field report-filter__field--grow">
          <label htmlFor="report-query">{t('reports.filter.query')}</label>
          <InputText
            id="report-query"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('reports.filter.queryPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="report-filter-query"
          />
        </div>
        <div className="report-filter__field report-filter__field--company">
          <label htmlFor="report-company">{t('reports.filter.company')}</label>
          <Dropdown
            inputId="report-company"
            value={company ?? NONE}
            options={companyOptions}
            filter={companyOptions.length > 8}
            loading={companies.isLoading}
            onChange={(event) => {
              const picked = event.value as number;
              // The own company is the default and stays out of the URL; a group belongs to one company.
              onChange({ company: picked === NONE ? NO_COMPANY : picked === ownCompany ? null : picked, group: null });
            }}
            data-testid="report-filter-company"
          />
        </div>
        <div className="report-filter__field">
          <label htmlFor="report-group">{t('reports.filter.group')}</label>
          <Dropdown
            inputId="report-group"
            value={state.group ?? NONE}
            options={groupOptions}
            filter={groupOptions.length > 8}
            loading={groups.isLoading}
            onChange={(event) => {
              const picked = event.value as number;
              onChange({ group: picked === NONE ? null : picked });
            }}
            data-testid="report-filter-group"
          />
        </div>
        <div className="report-filter__field">
          <label htmlFor="report-label">{t('reports.filter.labelField')}</label>
          <Dropdown
            inputId="report-label"
            value={state.label || ANY_LABEL}
            options={labelOptions}
            filter={labelOptions.length > 8}
            loading={labels.isLoading}
            emptyFilterMessage={t('reports.filter.labelNone')}
            onChange={(event) => onChange({ label: event.value === ANY_LABEL ? '' : (event.value as string) })}
            data-testid="report-filter-label"
          />
        </div>
        <div className="report-filter__field">
          <label htmlFor="report-profile">{t('reports.filter.profile')}</label>
          <Dropdown
            inputId="report-profile"
            value={state.profile ?? ALL}
            options={profiles}
            onChange={(event) => {
              const value = event.value as SimProfile | typeof ALL;
              onChange({ profile: value === ALL ? null : value });
            }}
            data-testid="report-filter-profile"
          />
        </div>
      </div>
      <div className="report-filter__row report-filter__row--options">
        <label className="report-filter__check" htmlFor="report-childs">
          <Checkbox inputId="report-childs" checked={state.childs} onChange={(event) => onChange({ childs: event.checked === true })} />
          {t('reports.filter.childs')}
        </label>
        <CsvFilterInput file={csv} onChange={onCsvChange} />
      </div>
      <div className="report-filter__row report-filter__row--dates">
        <div className="report-filter__field">
          <label htmlFor="report-from">{t('reports.filter.from')}</label>
          <DateInput inputId="report-from" value={state.from} max={state.to} onChange={(from) => onChange({ from })} testId="report-filter-from" />
        </div>
        <div className="report-filter__field">
          <label htmlFor="report-to">{t('reports.filter.to')}</label>
          <DateInput inputId="report-to" value={state.to} min={state.from} onChange={(to) => onChange({ to })} testId="report-filter-to" />
        </div>
        <div className="report-filter__presets" role="group" aria-label={t('reports.presets.label')}>
          {PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              size="small"
              outlined
              label={t(`reports.presets.${preset}`)}
              onClick={() => onChange(presetRange(preset))}
              data-testid={`report-preset-${preset}`}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
