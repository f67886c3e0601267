import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTableBodyRowPassThroughMethodOptions } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { AdminCompany, AdminCompanyListResult } from '@cab/contract/companies-admin';
import { formatMoney } from '@/lib/format-money';
import { CompanyAgentCell } from './company-agent-cell';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';

export type RowIntent = 'users' | 'audit' | 'block' | 'unblock' | 'delete';

interface CompaniesTableProps {
  data: AdminCompanyListResult;
  page: number;
  size: number;
  loading: boolean;
  onPage: (page: number) => void;
  onIntent: (intent: RowIntent, company: AdminCompany) => void;
  /** Root's own company: never blocked or deleted, so those actions are not offered. */
  ownCompanyId: number | undefined;
}

export function CompaniesTable({ data, page, size, loading, onPage, onIntent, ownCompanyId }: CompaniesTableProps) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <div className="companies-table">
      <DataTable
        value={data.items}
        dataKey="id"
        size="small"
        stripedRows
        lazy
        paginator={data.total > size}
        first={page * size}
        rows={size}
        totalRecords={data.total}
        onPage={(event) => onPage(event.page ?? 0)}
        loading={loading}
        emptyMessage={t('companies.empty')}
        pt={{
          bodyRow: (options) => {
            const context = (options as unknown as DataTableBodyRowPassThroughMethodOptions<AdminCompany[]> | undefined)?.context;
            const company = context ? data.items[context.index] : undefined;
            return company ? { 'data-testid': 'companies-row', 'data-company-id': company.id } : {};
          },
        }}
      >
        <Column
          header={t('companies.name')}
          body={(c: AdminCompany) => (
            <>
              <NameCell company={c} />
              <CompanyAgentCell company={c} />
            </>
          )}
          className="companies-table__name"
        />
        <Column header={t('companies.taxAndContract')} body={(c: AdminCompany) => <TaxAndContract company={c} />} />
        <Column header={t('companies.billingType')} body={(c: AdminCompany) => t(`companies.billing.${c.billing_type === 2 ? 'postpay' : 'prepay'}`)} />
        <Column header={t('companies.balance')} body={(c: AdminCompany) => formatMoney(c.balance, i18n.language)} className="companies-table__number" />
        <Column header={t('companies.users')} body={(c: AdminCompany) => count(c.users)} className="companies-table__number" />
        <Column header={t('companies.sims')} body={(c: AdminCompany) => count(c.sims)} className="companies-table__number" />
        <Column header={t('companies.children')} body={(c: AdminCompany) => count(c.children)} className="companies-table__number" />
        <Column header={t('companies.state')} body={(c: AdminCompany) => <StateTag company={c} />} />
        <Column header={t('companies.actions')} body={(c: AdminCompany) => <RowActions company={c} onIntent={onIntent} ownCompanyId={ownCompanyId} />} className="companies-table__actions" />
      </DataTable>
    </div>
  );
}

function NameCell({ company }: { company: AdminCompany }) {
  const { t } = useTranslation();
  return (
    <div className="companies-name">
      {company.deleted ? <span>{company.name}</span> : <Link to={`/company/${company.id}`} data-testid="companies-open">{company.name}</Link>}
      {company.parent_name && <small>{t('companies.parentOf', { name: company.parent_name })}</small>}
    </div>
  );
}

function TaxAndContract({ company }: { company: AdminCompany }) {
  return (
    <div className="companies-name">
      <span>{company.tax_number ?? '—'}</span>
      {company.contract && <small>{company.contract}</small>}
    </div>
  );
}

function StateTag({ company }: { company: AdminCompany }) {
  const { t, i18n } = useTranslation();
  if (company.deleted) return <Tag value={t('companies.tag.deleted')} severity="secondary" />;
  if (company.blocked) return <Tag value={t('companies.tag.blocked')} severity="danger" data-testid="companies-blocked-tag" />;
  if (company.registration_step) {
    return (
      <div className="companies-name" data-testid="companies-registering">
        <Tag value={t('companies.tag.registering')} severity="warning" />
        <small>{t('companies.registrationProgress', { step: t(`register.steps.${company.registration_step}`) })}</small>
        <small>{t('companies.registrationStarted', { date: formatUnixDate(company.added, i18n.language) })}</small>
      </div>
    );
  }
  return <Tag value={t('companies.tag.active')} severity="success" />;
}

interface RowActionsProps {
  company: AdminCompany;
  onIntent: CompaniesTableProps['onIntent'];
  ownCompanyId: number | undefined;
}

function RowActions({ company, onIntent, ownCompanyId }: RowActionsProps) {
  const { t } = useTranslation();
  const action = (intent: RowIntent, icon: string, severity?: 'danger' | 'warning', label: string = intent) => (
    <Button
      type="button"
      icon={`pi ${icon}`}
      text
      rounded
      severity={severity}
      aria-label={t(`companies.intent.${label}`)}
      tooltip={t(`companies.intent.${label}`)}
      tooltipOptions={{ position: 'top' }}
      onClick={() => onIntent(intent, company)}
      data-testid={`companies-${intent}`}
    />
  );
  const manageable = !company.deleted && company.id !== ownCompanyId;
  return (
    <div className="companies-actions">
      {!company.deleted && action('users', 'pi-users')}
      {action('audit', 'pi-history')}
      {manageable && (company.blocked ? action('unblock', 'pi-lock-open') : action('block', 'pi-lock', 'warning'))}
      {manageable && action('delete', 'pi-trash', 'danger', company.registration_step ? 'remove' : 'delete')}
    </div>
  );
}
