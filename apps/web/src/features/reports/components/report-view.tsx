import { useCallback, useState, type ReactNode } from 'react';
import { useUrlState } from '@/lib/url-state';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { REPORT_RANGE_MAX_DAYS, type ReportKind, type UsageTotals } from '@cab/contract/reports';
import { PageTitle } from '@/components/page-title';
import { LoadError } from '@/components/load-error';
import { formatBytes } from '@/lib/format-bytes';
import { formatMoney } from '@/lib/format-money';
import { formatCount } from '@/lib/format-count';
import { scopeCompaniesQuery } from '@/lib/scope-companies-query';
import type { CsvFilterFile } from '@/components/csv-filter-input';
import { useReport, type ReportResults } from '../api/reports';
import { REPORT_URL, reportProblem, toReportRequest, type ReportState } from '../model/report-state';
import { ReportChart } from './report-chart';
import { ReportFilter } from './report-filter';
import { ReportGenerateSlot } from './generated-slot';
import '../reports.css';

const PAGE_SIZES = [25, 50, 100, 200];

export interface ReportColumnDef<Row> {
  key: string;
  header: string;
  /** The server's sort column, when the column sorts. */
  sort?: string;
  body: (row: Row) => ReactNode;
  footer?: ReactNode;
  numeric?: boolean;
}

interface ReportViewProps<K extends ReportKind> {
  kind: K;
  title: string;
  columns: (totals: UsageTotals | null, state: ReportState) => Array<ReportColumnDef<ReportResults[K]['items'][number]>>;
  /** Kind-specific options above the table (per-SIM switch, SMS/call narrowing). */
  options?: (state: ReportState, onChange: (patch: Partial<ReportState>) => void) => ReactNode;
}

/** A report page: filter and range in the URL, chart, totals and a sortable, paged table. */
export function ReportView<K extends ReportKind>({ kind, title, columns, options }: ReportViewProps<K>) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useUrlState(REPORT_URL[kind]);
  const [csv, setCsv] = useState<CsvFilterFile | null>(null);
  /** Any change but the page's own starts again at the first page. */
  const update = useCallback((patch: Partial<ReportState>) => setState({ page: 1, ...patch }), [setState]);
  // The Company filter starts at the user's own company, as the SIM list does; until the companies
  // are known, the report neither asks nor says the filter is empty.
  const companies = useQuery(scopeCompaniesQuery);
  const ownCompany = companies.data?.items.find((company) => company.own)?.id ?? null;
  const waiting = state.company === null && companies.isPending;
  const problem = waiting ? null : reportProblem(state, csv?.text ?? null, ownCompany);
  const request = toReportRequest(kind, state, csv?.text ?? null, ownCompany);
  const report = useReport(kind, request, csv?.hash ?? null, !waiting && problem === null);
  const data = problem === null ? report.data : undefined;
  const totals = data?.totals ?? null;
  const lang = i18n.language;

  const onPage = (event: DataTablePageEvent) => update({ page: Math.floor(event.first / event.rows) + 1, size: event.rows });
  const onSort = (event: DataTableSortEvent) => {
    const column = typeof event.sortField === 'string' ? event.sortField : null;
    update({ sort: column, dir: event.sortOrder === 1 ? 'asc' : 'desc' });
  };
  const defs = columns(totals, state);

  return (
    <div className="report-page" data-testid={`report-${kind}`}>
      <div className="report-page__head">
        <PageTitle>{title}</PageTitle>
        <ReportGenerateSlot kind={kind} request={request} disabled={problem !== null} />
      </div>
      <ReportFilter state={state} onChange={update} csv={csv} onCsvChange={setCsv} ownCompany={ownCompany} />
      {problem !== null && (
        <Message
          className="report-page__problem"
          severity={problem === 'empty' ? 'info' : 'warn'}
          content={
            <span className="report-page__problem-text">
              <i className={`pi ${problem === 'empty' ? 'pi-info-circle' : 'pi-exclamation-triangle'}`} aria-hidden="true" />
              <strong>{t(`reports.problem.${problem}`, { max: REPORT_RANGE_MAX_DAYS })}</strong>
              {problem === 'empty' && ` ${t('reports.problem.emptyHint')}`}
            </span>
          }
          data-testid="report-problem"
        />
      )}
      {problem === null && report.isError && !report.data && (
        <LoadError card onRetry={() => void report.refetch()} />
      )}
      {problem === null && report.error && report.data && <Message severity="error" text={report.error.message} />}
      {data && (
        <>
          <ReportChart kind={kind} points={data.chart} />
          <section className="report-totals" aria-label={t('reports.totals.label')} data-testid="report-totals">
            <Total label={t('reports.totals.traffic')} value={formatBytes(data.totals.bytes, lang)} />
            <Total label={t('reports.totals.sessions')} value={formatCount(data.totals.sessions, lang)} />
            <Total label={t('reports.totals.sms')} value={`${formatCount(data.totals.sms_in, lang)} / ${formatCount(data.totals.sms_out, lang)}`} hint={t('reports.totals.inOut')} />
            <Total label={t('reports.totals.calls')} value={`${formatCount(data.totals.calls_in, lang)} / ${formatCount(data.totals.calls_out, lang)}`} hint={t('reports.totals.inOut')} />
            <Total label={t('reports.totals.cost')} value={formatMoney(data.totals.cost, i18n.language)} />
          </section>
        </>
      )}
      {!waiting && problem === null && options?.(state, update)}
      {!waiting && problem === null && (data || report.isPending) && (
        <section className="card report-table" aria-label={t('reports.table.label')}>
          <DataTable
            value={data?.items ?? []}
            dataKey={kind === 'day' ? undefined : 'id'}
            lazy
            paginator
            first={(state.page - 1) * state.size}
            rows={state.size}
            totalRecords={data?.total ?? 0}
            rowsPerPageOptions={PAGE_SIZES}
            onPage={onPage}
            sortField={state.sort ?? undefined}
            sortOrder={state.sort ? (state.dir === 'asc' ? 1 : -1) : 0}
            onSort={onSort}
            loading={report.isFetching}
            emptyMessage={t('reports.table.empty')}
            scrollable
            size="small"
            stripedRows
            data-testid="report-table"
            currentPageReportTemplate={t('reports.table.pageReport')}
            paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
          >
            {defs.map((col) => (
              <Column
                key={col.key}
                field={col.sort ?? col.key}
                header={col.header}
                sortable={col.sort !== undefined}
                body={col.body}
                footer={col.footer}
                align={col.numeric ? 'right' : undefined}
                alignHeader={col.numeric ? 'right' : undefined}
              />
            ))}
          </DataTable>
        </section>
      )}
    </div>
  );
}

function Total({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="card report-totals__item">
      <span className="report-totals__label">
        {label}
        {hint && <span className="muted"> ({hint})</span>}
      </span>
      <strong className="report-totals__value">{value}</strong>
    </div>
  );
}
