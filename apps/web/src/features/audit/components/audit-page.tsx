import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { AUDIT_ACTIONS, AUDIT_DEFAULT_DAYS, AUDIT_RANGE_MAX_DAYS, AUDIT_RETENTION_DAYS, type AuditAction, type CompanyAuditItem } from '@cab/contract/company-audit';
import { AUDIT_ACTION_LABELS } from '@cab/contract/company-audit-labels';
import { auditActionLabel, auditDetailsText } from '@/lib/audit-labels';
import type { Lang } from '@cab/contract/constants';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { DataTable } from '@/components/data-table';
import { DateInput } from '@/components/date-input';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { QueryStates } from '@/components/query-states';
import { formatUnixDate } from '@/lib/format-date';
import { useMe } from '@/lib/me-query';
import { useUrlState } from '@/lib/url-state';
import { auditUsersQuery, exportCompanyAudit, useCompanyAudit } from '../api/company-audit';
import { AUDIT_URL, auditFilterProblem, describeUserAgent, toAuditFilter } from '../model/audit-filter';
import '../audit.css';

const ALL = 'all';

/** Route module /audit: the company's audit log for its admins (issue 22.6). */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [state, setState] = useUrlState(AUDIT_URL);
  const [exporting, setExporting] = useState(false);
  const companyId = useMe().data?.company.id;
  const users = useQuery({ ...auditUsersQuery(companyId ?? 0), enabled: companyId !== undefined });
  const problem = auditFilterProblem(state);
  const filter = toAuditFilter(state);
  const log = useCompanyAudit(filter, problem === null);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const range = log.data?.pages[0];

  const userOptions = [
    { label: t('companyAudit.allUsers'), value: ALL },
    ...(users.data?.items ?? []).map((user) => ({ label: `${user.first_name} ${user.last_name} · ${user.email}`, value: String(user.id) })),
  ];
  const actionOptions = [
    { label: t('companyAudit.allActions'), value: ALL },
    ...AUDIT_ACTIONS.map((action) => ({ label: AUDIT_ACTION_LABELS[action][lang], value: action })).sort((a, b) => a.label.localeCompare(b.label, lang)),
  ];
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    await exportCompanyAudit(filter, format);
    setExporting(false);
  };

  return (
    <div className="audit-page">
      <PageTitle>{t('companyAudit.title')}</PageTitle>
      <p className="muted">{t('companyAudit.hint', { days: AUDIT_DEFAULT_DAYS, kept: AUDIT_RETENTION_DAYS })}</p>
      <section className="card audit-filter" aria-label={t('companyAudit.filter')}>
        <div className="audit-filter__field">
          <label htmlFor="audit-user">{t('companyAudit.user')}</label>
          <Dropdown
            inputId="audit-user"
            value={state.user ? String(state.user) : ALL}
            options={userOptions}
            filter
            onChange={(event) => setState({ user: event.value === ALL ? null : Number(event.value) })}
            data-testid="audit-filter-user"
          />
        </div>
        <div className="audit-filter__field">
          <label htmlFor="audit-action">{t('companyAudit.action')}</label>
          <Dropdown
            inputId="audit-action"
            value={state.action ?? ALL}
            options={actionOptions}
            filter
            onChange={(event) => setState({ action: event.value === ALL ? null : (event.value as AuditAction) })}
            data-testid="audit-filter-action"
          />
        </div>
        <div className="audit-filter__field">
          <label htmlFor="audit-from">{t('companyAudit.from')}</label>
          <DateInput inputId="audit-from" value={state.from ?? range?.from} max={state.to} onChange={(from) => setState({ from })} testId="audit-filter-from" />
        </div>
        <div className="audit-filter__field">
          <label htmlFor="audit-to">{t('companyAudit.to')}</label>
          <DateInput inputId="audit-to" value={state.to ?? range?.to} min={state.from} onChange={(to) => setState({ to })} testId="audit-filter-to" />
        </div>
        <div className="audit-filter__actions">
          <Button type="button" outlined icon="pi pi-download" label="CSV" aria-label={t('companyAudit.exportCsv')} disabled={problem !== null || exporting} onClick={() => void download('csv')} data-testid="audit-export-csv" />
          <Button type="button" outlined icon="pi pi-download" label="XLSX" aria-label={t('companyAudit.exportXlsx')} disabled={problem !== null || exporting} onClick={() => void download('xlsx')} data-testid="audit-export-xlsx" />
        </div>
      </section>
      {problem ? (
        <p className="card audit-problem" role="alert" data-testid="audit-filter-problem">
          {t(`companyAudit.problem.${problem}`, { max: AUDIT_RANGE_MAX_DAYS })}
        </p>
      ) : (
        <QueryStates
          query={log}
          card
          isEmpty={() => items.length === 0}
          empty={<EmptyState icon="pi-shield" title={t('companyAudit.emptyTitle')} hint={t('companyAudit.emptyHint')} testId="audit-empty" />}
        >
          {(data) => (
            <div className="card audit-table" data-testid="audit-table">
              <DataTable value={items} dataKey="id" size="small" stripedRows className={CARD_TABLE} aria-busy={log.isFetching}>
                <Column {...cardColumn('title', t('companyAudit.col.time'))} body={(row: CompanyAuditItem) => formatUnixDate(row.created, i18n.language)} />
                <Column
                  {...cardColumn('status', t('companyAudit.col.action'))}
                  body={(row: CompanyAuditItem) => (
                    <span className={row.action === 'login_failed' ? 'audit-action audit-action--failed' : 'audit-action'} data-testid="audit-action">
                      {auditActionLabel(row.action, lang)}
                    </span>
                  )}
                />
                <Column
                  {...cardColumn('field', t('companyAudit.col.user'))}
                  body={(row: CompanyAuditItem) => (
                    <span className="audit-user">
                      {row.user ? <span title={row.user.email}>{row.user.name || row.user.email}</span> : '—'}
                      {row.impersonator && (
                        <span className="audit-operator" data-testid="audit-operator">
                          {t('companyAudit.byOperator', { email: row.impersonator.email })}
                        </span>
                      )}
                      {row.api_token_id !== null && <span className="audit-operator">{t('companyAudit.byToken', { id: row.api_token_id })}</span>}
                    </span>
                  )}
                />
                <Column {...cardColumn('minor', t('companyAudit.col.ip'))} body={(row: CompanyAuditItem) => <span className="mono">{row.ip ?? '—'}</span>} />
                <Column
                  {...cardColumn('minor', t('companyAudit.col.browser'))}
                  body={(row: CompanyAuditItem) => <span title={row.user_agent ?? undefined}>{describeUserAgent(row.user_agent) ?? '—'}</span>}
                />
                <Column {...cardColumn('wide', t('companyAudit.col.details'))} body={(row: CompanyAuditItem) => <span className="audit-details">{auditDetailsText(row.details)}</span>} />
              </DataTable>
              {log.hasNextPage && (
                <div className="audit-more">
                  <Button type="button" outlined label={t('companyAudit.more')} loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()} data-testid="audit-more" />
                </div>
              )}
              <p className="muted audit-range" data-testid="audit-range">
                {t('companyAudit.range', { from: data.pages[0]?.from ?? '', to: data.pages[0]?.to ?? '', count: items.length })}
              </p>
            </div>
          )}
        </QueryStates>
      )}
    </div>
  );
}
