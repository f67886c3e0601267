import { useId, useState } from 'react';
import '../../sim-rules-tools.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SIM_PROFILES } from '@cab/contract/constants';
import { GLOBAL_UNBLOCK_TYPES, type GlobalUnblockFilter, type GlobalUnblockPreview, type GlobalUnblockType } from '@cab/contract/sim-rules';
import type { SimProfile } from '@cab/contract/constants';
import { HintedButton } from '@/components/hinted-button';
import { showSuccessToast } from '@/lib/api';
import { toolCompaniesQuery, useGlobalUnblockPreview, useGlobalUnblockRun } from '../../api/sim-rules-api';

interface FilterState {
  query: string;
  csv: { name: string; text: string } | null;
  company: number[];
  profile: SimProfile | null;
  blockTypes: GlobalUnblockType[];
}

const EMPTY: FilterState = { query: '', csv: null, company: [], profile: null, blockTypes: [] };

function toFilter(state: FilterState): GlobalUnblockFilter {
  return {
    ...(state.query.trim() ? { query: state.query.trim() } : {}),
    ...(state.csv ? { csv: state.csv.text } : {}),
    ...(state.company.length ? { company: state.company } : {}),
    ...(state.profile ? { profile: state.profile } : {}),
    ...(state.blockTypes.length ? { block_types: state.blockTypes } : {}),
  };
}

/** Root's global unblock: pick SIMs of any company, dry run, then queue_global_unblock with the live queue. */
export function GlobalUnblockTab() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<FilterState>(EMPTY);
  const [checked, setChecked] = useState<{ key: string; preview: GlobalUnblockPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<{ qid: number; count: number } | null>(null);
  const companies = useQuery(toolCompaniesQuery);
  const preview = useGlobalUnblockPreview();
  const run = useGlobalUnblockRun();
  const filter = toFilter(state);
  const key = JSON.stringify(filter);
  const current = checked?.key === key ? checked.preview : null;
  const empty = Object.keys(filter).length === 0;

  function change(patch: Partial<FilterState>): void {
    setState((previous) => ({ ...previous, ...patch }));
    setStarted(null);
  }

  function dryRun(): void {
    run.reset();
    preview.mutate(filter, { onSuccess: (result) => setChecked({ key, preview: result }) });
  }

  function start(): void {
    if (!current) return;
    run.mutate(
      { filter, expected: current.total },
      {
        onSuccess: (result) => {
          setStarted(result);
          setChecked(null);
          showSuccessToast({ key: 'globalUnblock.started', values: { count: result.count } });
        },
        onError: () => setChecked(null),
      },
    );
  }

  async function readCsv(file: File | undefined): Promise<void> {
    if (!file) return change({ csv: null });
    change({ csv: { name: file.name, text: await file.text() } });
  }

  const error = preview.error ?? run.error;
  return (
    <section className="card tools-card" aria-labelledby={`${id}-title`} data-testid="global-unblock">
      <h2 id={`${id}-title`}>{t('globalUnblock.title')}</h2>
      <p className="tools-card__text">{t('globalUnblock.text')}</p>
      <div className="inline-message inline-message--warn" role="note">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span>{t('globalUnblock.financialWhy')}</span>
      </div>
      <div className="tools-form-grid">
        <label htmlFor={`${id}-query`}>{t('globalUnblock.query')}</label>
        <InputText id={`${id}-query`} value={state.query} maxLength={100} onChange={(e) => change({ query: e.target.value })} data-testid="gu-query" />
        <label htmlFor={`${id}-company`}>{t('globalUnblock.company')}</label>
        <MultiSelect
          inputId={`${id}-company`}
          value={state.company}
          options={companies.data?.items ?? []}
          optionLabel="name"
          optionValue="id"
          filter
          display="chip"
          placeholder={t('globalUnblock.anyCompany')}
          onChange={(e) => change({ company: e.value as number[] })}
          data-testid="gu-company"
        />
        <label htmlFor={`${id}-profile`}>{t('globalUnblock.profile')}</label>
        <Dropdown
          inputId={`${id}-profile`}
          value={state.profile}
          options={[{ label: t('globalUnblock.anyProfile'), value: null }, ...SIM_PROFILES.map((p) => ({ label: p, value: p }))]}
          placeholder={t('globalUnblock.anyProfile')}
          onChange={(e) => change({ profile: (e.value as SimProfile | null) ?? null })}
          data-testid="gu-profile"
        />
        <label htmlFor={`${id}-types`}>{t('globalUnblock.blockTypes')}</label>
        <MultiSelect
          inputId={`${id}-types`}
          value={state.blockTypes}
          options={GLOBAL_UNBLOCK_TYPES.map((type) => ({ value: type, label: t(`sims.blockTypes.${type}`) }))}
          display="chip"
          placeholder={t('globalUnblock.allButFinancial')}
          onChange={(e) => change({ blockTypes: e.value as GlobalUnblockType[] })}
          data-testid="gu-types"
        />
        <label htmlFor={`${id}-csv`}>{t('globalUnblock.csv')}</label>
        <div className="tools-csv">
          <input id={`${id}-csv`} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readCsv(e.target.files?.[0])} data-testid="gu-csv" />
          {state.csv && <span className="muted">{state.csv.name}</span>}
        </div>
      </div>
      <div className="tools-actions">
        <Button type="button" label={t('globalUnblock.dryRun')} icon="pi pi-search" outlined loading={preview.isPending} onClick={dryRun} data-testid="gu-dry-run" />
        <HintedButton
          type="button"
          label={t('globalUnblock.run')}
          icon="pi pi-unlock"
          severity="danger"
          disabled={!current || current.total === 0}
          hint={current ? undefined : t('globalUnblock.dryRunFirst')}
          loading={run.isPending}
          onClick={() => setConfirming(true)}
          data-testid="gu-run"
        />
        <Button type="button" label={t('globalUnblock.reset')} text onClick={() => { setState(EMPTY); setChecked(null); preview.reset(); run.reset(); }} />
      </div>
      {empty && !error && <p className="muted">{t('globalUnblock.emptyHint')}</p>}
      {error && (
        <div className="inline-message inline-message--warn" role="alert" data-testid="gu-error">
          <i className="pi pi-times-circle" aria-hidden="true" />
          <span>{error.message}</span>
        </div>
      )}
      {current && (
        <div className="tools-result" role="status" data-testid="gu-preview" data-total={current.total}>
          <strong>{t('globalUnblock.previewTotal', { count: current.total, companies: current.companies })}</strong>
          <ul>
            {GLOBAL_UNBLOCK_TYPES.map((type) => (
              <li key={type}>
                {t(`sims.blockTypes.${type}`)}: {current.by_type[type] ?? 0}
              </li>
            ))}
          </ul>
          {current.financial > 0 && <p>{t('globalUnblock.financialLeft', { count: current.financial })}</p>}
        </div>
      )}
      {started && (
        <div className="inline-message inline-message--info" role="status" data-testid="gu-started">
          <i className="pi pi-check" aria-hidden="true" />
          <span>{t('globalUnblock.startedText', { qid: started.qid, count: started.count })}</span>
        </div>
      )}
      <ConfirmDialog
        visible={confirming}
        onHide={() => setConfirming(false)}
        header={t('globalUnblock.confirmTitle')}
        message={t('globalUnblock.confirmText', { count: current?.total ?? 0, companies: current?.companies ?? 0 })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('globalUnblock.run')}
        rejectLabel={t('globalUnblock.cancel')}
        acceptClassName="p-button-danger"
        accept={start}
        data-testid="gu-confirm"
      />
    </section>
  );
}
