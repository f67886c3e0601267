import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { SimRow } from '@cab/contract/sims';
import { BlockTypeTag } from './block-type-tag';

interface SelectedSimsViewProps {
  rows: SimRow[];
  onChange: (rows: SimRow[]) => void;
  onClose: () => void;
}

/** "Show selected": exactly the SIMs an operation would act on, wherever in the list they were chosen. */
export function SelectedSimsView({ rows, onChange, onClose }: SelectedSimsViewProps) {
  const { t } = useTranslation();
  return (
    <section className="card selected-view" aria-labelledby="selected-view-title" data-testid="sims-selected-view">
      <div className="selected-view__head">
        <h2 id="selected-view-title">{t('simTools.selection.viewTitle', { count: rows.length })}</h2>
        <Button type="button" text icon="pi pi-arrow-left" label={t('simTools.selection.backToList')} onClick={onClose} data-testid="sims-selected-close" />
      </div>
      <DataTable
        value={rows}
        dataKey="id"
        paginator
        rows={25}
        selectionMode="checkbox"
        selection={rows}
        onSelectionChange={(event) => onChange(event.value)}
        emptyMessage={t('simTools.selection.none')}
        size="small"
        stripedRows
        scrollable
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} frozen />
        <Column
          header={t('sims.col.iccid')}
          body={(row: SimRow) => (
            <Link to={`/sim/${row.id}`} className="mono" data-testid="sims-selected-row">
              {row.iccid}
            </Link>
          )}
        />
        <Column header={t('sims.col.msisdn')} body={(row: SimRow) => <span className="mono">{row.msisdn}</span>} />
        <Column header={t('sims.col.name')} body={(row: SimRow) => row.name ?? '—'} />
        <Column header={t('sims.col.profile')} body={(row: SimRow) => row.profile} />
        <Column header={t('sims.col.block_type')} body={(row: SimRow) => <BlockTypeTag type={row.block_type} />} />
        <Column header={t('sims.col.company')} body={(row: SimRow) => row.company_name} />
      </DataTable>
    </section>
  );
}
