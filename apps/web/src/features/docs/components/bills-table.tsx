import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { Bill, BillListResult } from '@cab/contract/bills';
import { formatMoney } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { toastError } from '@/lib/toast-bus';
import { BillActions, type BillActor } from './bill-actions';
import { BillStatusTag } from './bill-status-tag';
import type { DocsListState } from './docs-list-state';
import { openBillPdf } from '@/lib/open-bill-pdf';
import { EmptyState } from '@/components/empty-state';
import { QueryStates } from '@/components/query-states';
import { urlPaging } from '@/components/url-paging';
import { CARD_TABLE, cardColumn } from '@/components/card-table';

interface BillsTableProps {
  list: UseQueryResult<BillListResult>;
  state: DocsListState;
  actor: BillActor;
  onPage: (page: number, size: number) => void;
}

export function BillsTable({ list, state, actor, onPage }: BillsTableProps) {
  const { t, i18n } = useTranslation();
  const pdf = (bill: Bill) => (
    <Button
      type="button"
      text
      size="small"
      icon="pi pi-file-pdf"
      label={t('docs.pdf')}
      className="bills-table__pdf"
      aria-label={t('docs.openPdf', { number: bill.number })}
      onClick={() =>
        void openBillPdf(bill.id).then((ok) => {
          if (!ok) toastError({ key: 'docs.pdfFailed' });
        })
      }
      data-testid="bill-pdf"
    />
  );
  // The payment date sits under the status it belongs to: one column less, so root's table fits 1440 px.
  const status = (bill: Bill) => (
    <span className="bills-table__status">
      <BillStatusTag status={bill.status} />
      {bill.paid_at !== null && (
        <small className="bills-table__muted" title={t('docs.paidAt')} data-testid="bill-paid-at">
          {formatUnixDate(bill.paid_at, i18n.language)}
        </small>
      )}
    </span>
  );
  return (
    <QueryStates
      query={list}
      card
      isEmpty={(data) => data.total === 0}
      empty={<EmptyState icon="pi-file" title={t('docs.empty')} hint={t('docs.emptyHint')} testId="docs-empty" />}
    >
      {({ items, total }) => (
        <DataTable
          value={items}
          dataKey="id"
          size="small"
          stripedRows
          {...urlPaging(state, total, onPage)}
          loading={list.isFetching && !list.isPending}
          className={`bills-table ${CARD_TABLE}`}
          data-testid="bills-table"
        >
          <Column columnKey="number" {...cardColumn('title', t('docs.number'))} field="number" className="bills-table__nowrap" />
          <Column columnKey="kindLabel" {...cardColumn('minor', t('docs.kindLabel'))} body={(bill: Bill) => t(`docs.kind.${bill.kind}`)} className="bills-table__nowrap" />
          <Column columnKey="company" {...cardColumn('minor', t('docs.company'))} field="company_name" />
          <Column columnKey="period" {...cardColumn('minor', t('docs.period'))} field="period" className="bills-table__nowrap" />
          <Column columnKey="amount" {...cardColumn('field', t('docs.amount'))} body={(bill: Bill) => <span data-testid="bill-row-amount">{formatMoney(bill.amount_cents / 100, i18n.language)}</span>} className="bills-table__num" />
          <Column columnKey="statusLabel" {...cardColumn('status', t('docs.statusLabel'))} body={status} />
          <Column columnKey="created" {...cardColumn('field', t('docs.created'))} body={(bill: Bill) => formatUnixDate(bill.created, i18n.language)} className="bills-table__date" />
          <Column columnKey="pdf" {...cardColumn('actions', t('docs.pdf'))} body={pdf} />
          {/* A viewer or manager has no action on any bill: no empty column. */}
          {(actor.isRoot || actor.canManage) && (
            <Column columnKey="actions" {...cardColumn('actions', t('docs.actions'))} body={(bill: Bill) => <BillActions bill={bill} actor={actor} />} />
          )}
        </DataTable>
      )}
    </QueryStates>
  );
}
