import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { AdminCompany, AuditEntry } from '@cab/contract/companies-admin';
import { auditActionLabel, auditDetailsText } from '@/lib/audit-labels';
import { formatUnixDate } from '@/lib/format-date';
import { auditQueryOptions } from '../api/companies-api';
import { QueryStates } from '@/components/query-states';

const AUDIT_PAGE_SIZE = 20;
const ACTION_DEBOUNCE_MS = 300;

/** The audit log of one company, newest first (root only). */
export function AuditDialog({ company, onHide }: { company: AdminCompany | null; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={company !== null}
      onHide={onHide}
      header={company ? t('audit.title', { name: company.name }) : ''}
      style={{ width: '72rem' }}
      breakpoints={{ '1200px': '95vw' }}
      draggable={false}
      modal
      data-testid="audit-dialog"
    >
      {company && <AuditTable companyId={company.id} />}
    </Dialog>
  );
}

function AuditTable({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setAction(typed.trim());
      setPage(0);
    }, ACTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const request = { company_id: companyId, page, size: AUDIT_PAGE_SIZE, ...(action ? { action } : {}) };
  const audit = useQuery(auditQueryOptions(request));
  const person = (p: AuditEntry['user']) => (p ? <span title={p.email}>{p.name || p.email}</span> : '—');
  return (
    <div className="audit-view">
      <div className="companies-filter__field">
        <label htmlFor="audit-action">{t('audit.action')}</label>
        <InputText id="audit-action" type="search" value={typed} maxLength={64} placeholder={t('audit.actionPlaceholder')} onChange={(e) => setTyped(e.target.value)} data-testid="audit-action" />
      </div>
      <QueryStates query={audit}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            lazy
            loading={audit.isFetching}
            paginator={data.total > AUDIT_PAGE_SIZE}
            first={page * AUDIT_PAGE_SIZE}
            rows={AUDIT_PAGE_SIZE}
            totalRecords={data.total}
            onPage={(event) => setPage(event.page ?? 0)}
            emptyMessage={t('audit.empty')}
            data-testid="audit-table"
          >
            <Column header={t('audit.time')} body={(e: AuditEntry) => formatUnixDate(e.added, i18n.language)} className="audit-view__nowrap" />
            <Column header={t('audit.user')} body={(e: AuditEntry) => person(e.user)} />
            <Column header={t('audit.impersonator')} body={(e: AuditEntry) => person(e.impersonator)} />
            <Column header={t('audit.apiToken')} body={(e: AuditEntry) => e.api_token_id ?? '—'} />
            <Column
              header={t('audit.action')}
              body={(e: AuditEntry) => <span title={e.action}>{auditActionLabel(e.action, i18n.language)}</span>}
            />
            <Column header={t('audit.details')} body={(e: AuditEntry) => <code className="audit-view__details">{auditDetailsText(e.details)}</code>} />
            <Column header={t('audit.ip')} body={(e: AuditEntry) => e.ip ?? '—'} />
          </DataTable>
        )}
      </QueryStates>
    </div>
  );
}
