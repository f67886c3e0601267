import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { LedgerEntry } from '@cab/contract/deposit';
import { formatUnixDate } from '@/lib/format-date';
import { formatCents } from '@/lib/format-money';
import { CARD_TABLE, cardColumn } from '@/components/card-table';

/** Columns of the ledger: time, company, type, signed amount, balance after, reason or bill, author. */
export function LedgerTable({ items, loading }: { items: LedgerEntry[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="deposit-table">
      <DataTable value={items} dataKey="id" size="small" stripedRows loading={loading} className={CARD_TABLE} data-testid="deposit-table">
        <Column
          {...cardColumn('minor', t('deposit.columns.time'))}
          body={(row: LedgerEntry) => formatUnixDate(row.added, i18n.language)}
          className="deposit-table__nowrap"
        />
        <Column field="company_name" {...cardColumn('minor', t('deposit.columns.company'))} />
        <Column {...cardColumn('title', t('deposit.columns.type'))} body={(row: LedgerEntry) => t(`deposit.kinds.${row.kind}`)} />
        <Column
          {...cardColumn('status', t('deposit.columns.amount'))}
          alignHeader="right"
          className="deposit-table__money"
          body={(row: LedgerEntry) => (
            <span
              className={
                row.amount_cents < 0 ? 'deposit-amount deposit-amount--minus' : 'deposit-amount deposit-amount--plus'
              }
              data-testid="deposit-amount"
            >
              {formatCents(row.amount_cents, i18n.language, true)}
            </span>
          )}
        />
        <Column
          {...cardColumn('minor', t('deposit.columns.balanceAfter'))}
          alignHeader="right"
          className="deposit-table__money"
          body={(row: LedgerEntry) => (
            <span className={row.balance_after_cents <= 0 ? 'text-danger' : undefined}>
              {formatCents(row.balance_after_cents, i18n.language, false)}
            </span>
          )}
        />
        <Column {...cardColumn('wide', t('deposit.columns.reason'))} body={reasonCell} />
        <Column
          {...cardColumn('field', t('deposit.columns.author'))}
          body={(row: LedgerEntry) =>
            row.author ? `${row.author.first_name} ${row.author.last_name}` : t('deposit.system')
          }
        />
      </DataTable>
    </div>
  );
}

function reasonCell(row: LedgerEntry) {
  return (
    <span className="deposit-table__reason">
      {row.bill_number && <strong className="deposit-table__bill">{row.bill_number}</strong>}
      {/* A paid bill's posting names the bill as its reason: show the number once. */}
      {row.reason !== row.bill_number && row.reason}
    </span>
  );
}
