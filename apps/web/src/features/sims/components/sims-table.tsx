import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { Skeleton } from 'primereact/skeleton';
import {
  DataTable,
  type DataTableBodyRowPassThroughMethodOptions,
  type DataTablePageEvent,
  type DataTableSortEvent,
} from 'primereact/datatable';
import type { SimRow, SimSortColumn } from '@cab/contract/sims';
import { formatMoney } from '@/components/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { visibleColumns, type ColumnSettings, type SimColumn } from '../model/column-settings';
import type { SimListState, SortType } from '../model/list-state';
import { BlockTypeTag } from './block-type-tag';

const PAGE_SIZES = [25, 50, 100];

/** Table column → server sort column (only these sort on the server). */
const SORT_FIELD: Partial<Record<SimColumn, SimSortColumn>> = {
  iccid: 'iccid',
  msisdn: 'msisdn',
  name: 'name',
  profile: 'profile',
  block_type: 'block_type',
  company: 'company',
  added: 'added',
};

const dash = <span className="muted">—</span>;
const money = (value: number | null) => (value === null ? dash : formatMoney(value));
const text = (value: string | number | null) => (value === null || value === '' ? dash : value);

const CELL: Record<SimColumn, (row: SimRow) => React.ReactNode> = {
  iccid: (row) => (
    <Link to={`/sim/${row.id}`} className="mono" data-testid="sims-row-link">
      {row.iccid}
    </Link>
  ),
  msisdn: (row) => <span className="mono">{row.msisdn}</span>,
  name: (row) => text(row.name),
  profile: (row) => <span className="profile-badge">{row.profile}</span>,
  block_type: (row) => <BlockTypeTag type={row.block_type} />,
  company: (row) => row.company_name,
  msu: (row) => money(row.msu),
  package: (row) => text(row.package),
  limit_mb: (row) => text(row.limit_mb),
  balance: (row) => money(row.balance),
  external_id: (row) => text(row.external_id),
  added: (row) => formatUnixDate(row.added),
};

/** A row of the first load's placeholder table (only its id is read: the cells are skeletons). */
const PLACEHOLDER_ROW: SimRow = {
  id: 0, iccid: '', msisdn: '', name: null, profile: 'BK', block_type: 'none', company_id: 0, company_name: '',
  msu: null, package: null, limit_mb: null, balance: null, external_id: null, added: 0,
};
const placeholderCell = () => <Skeleton height="1rem" />;

interface SimsTableProps {
  /** First load: the same table (header, a page of rows, paginator) with skeleton cells, so nothing moves when the rows arrive. */
  placeholder?: boolean;
  items: SimRow[];
  total: number;
  loading: boolean;
  state: SimListState;
  columns: ColumnSettings;
  selection: SimRow[];
  onSelectionChange: (rows: SimRow[]) => void;
  onPage: (pageIndex: number, pageSize: number) => void;
  onSort: (column: SimSortColumn | null, type: SortType) => void;
}

/** The cards table: lazy, paged and sorted on the server (pageIndex one-based in the state). */
export function SimsTable(props: SimsTableProps) {
  const { t } = useTranslation();
  const { state } = props;
  const items = props.placeholder
    ? Array.from({ length: state.pageSize }, (_, index) => ({ ...PLACEHOLDER_ROW, id: -(index + 1) }))
    : props.items;
  const sortField = state.sortColumn
    ? (Object.keys(SORT_FIELD) as SimColumn[]).find((column) => SORT_FIELD[column] === state.sortColumn)
    : undefined;

  function onSort(event: DataTableSortEvent): void {
    const column = SORT_FIELD[event.sortField as SimColumn] ?? null;
    // A third click on a header clears the sort (sortOrder 0/null).
    if (!event.sortOrder) props.onSort(null, 'asc');
    else props.onSort(column, event.sortOrder === -1 ? 'desc' : 'asc');
  }

  return (
    <div
      data-testid={props.placeholder ? 'sims-loading' : 'sims-table'}
      aria-busy={props.placeholder ? true : undefined}
      className="sims-table"
    >
      <DataTable
        value={items}
        dataKey="id"
        lazy
        paginator
        first={(state.pageIndex - 1) * state.pageSize}
        rows={state.pageSize}
        totalRecords={props.total}
        rowsPerPageOptions={PAGE_SIZES}
        onPage={(event: DataTablePageEvent) => props.onPage(Math.floor(event.first / event.rows) + 1, event.rows)}
        sortField={sortField}
        sortOrder={sortField ? (state.sortType === 'desc' ? -1 : 1) : 0}
        removableSort
        onSort={onSort}
        loading={props.loading}
        selectionMode="checkbox"
        selection={props.selection}
        onSelectionChange={(event) => props.onSelectionChange(event.value)}
        emptyMessage={<span data-testid="sims-empty">{t('sims.empty')}</span>}
        scrollable
        size="small"
        stripedRows
        pt={{
          // PrimeReact types bodyRow with the table's options; at run time it gets the row's (index on the page).
          bodyRow: (options) => {
            const context = (options as unknown as DataTableBodyRowPassThroughMethodOptions<SimRow[]> | undefined)
              ?.context;
            const row = context ? items[context.index] : undefined;
            return row && !props.placeholder ? { 'data-testid': 'sims-row', 'data-sim-id': row.id } : {};
          },
        }}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} frozen />
        {visibleColumns(props.columns).map((column) => (
          <Column
            key={column}
            field={column}
            header={t(`sims.col.${column}`)}
            body={props.placeholder ? placeholderCell : CELL[column]}
            sortable={column in SORT_FIELD}
            className={`col-${column}`}
          />
        ))}
      </DataTable>
    </div>
  );
}
