import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTableBodyRowPassThroughMethodOptions, type DataTableSortEvent } from 'primereact/datatable';
import type { SimSortColumn } from '@cab/contract/constants';
import type { SimRow } from '@cab/contract/sims';
import type { CountryWarning } from '@cab/contract/sim-rules';
import { CountryWarningIcon } from './country-warning';
import type { ColumnSettings, SimColumn } from '../model/column-settings';
import type { SimListState } from '../model/list-state';
import { applySelectionChange } from '../model/selection';
import { CARD_PLACE, CELL, packageCell, packageHeader, tableColumns } from './sim-cells';
import { urlPaging } from '@/components/url-paging';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import '../sims-table.css';

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

/** A row of the first load's placeholder table (only its id is read: the cells are skeletons). */
const PLACEHOLDER_ROW: SimRow = {
  id: 0, iccid: '', msisdn: '', name: null, profile: 'BK', block_type: 'none', company_id: 0, company_name: '',
  msu: null, package: null, limit_mb: null, balance: null, external_id: null, added: 0, labels: [],
};
// A plain element: PrimeReact's Skeleton resolves its pass-through options and styles per cell.
const placeholderCell = () => <span className="cell-skeleton" aria-hidden="true" />;

type WarnedRow = SimRow & { countryWarning?: CountryWarning };

const NO_ROWS: WarnedRow[] = [];

function withWarnings(rows: SimRow[], warnings: CountryWarning[] | undefined): WarnedRow[] {
  if (!warnings?.length) return rows;
  const byId = new Map(warnings.map((w) => [w.id, w]));
  return rows.map((row) => {
    const warning = byId.get(row.id);
    return warning ? { ...row, countryWarning: warning } : row;
  });
}

interface SimsTableProps {
  /** TC SIMs of the page seen in a country where TC SIMs do not work: marked beside the ICCID. */
  countryWarnings?: CountryWarning[];
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
  /** A sortable header was clicked; the page decides the order from the URL (see nextSort). */
  onSortClick: (column: SimSortColumn) => void;
}

type TableEvents = Pick<SimsTableProps, 'onSelectionChange' | 'onPage' | 'onSortClick'>;

/**
 * The cards table: lazy, paged and sorted on the server (pageIndex one-based in the state).
 * PrimeReact's table costs tens of milliseconds per render (every cell resolves its pass-through
 * options), and the page renders again for every answer of the first load (companies, saved views,
 * country warnings): the table itself renders only when what it shows changes. Its handlers are
 * stable and call the page's latest ones.
 */
export function SimsTable(props: SimsTableProps) {
  const latest = useRef<TableEvents & Pick<SimsTableProps, 'selection' | 'items'>>(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // The rows reach the page as an urgent update (the query's store), which React would draw in one
  // task, and PrimeReact's table takes tens of milliseconds for a page of them. Deferred, they are
  // drawn in a background render that React slices, so the page answers input in the meantime.
  const { placeholder, items, total, loading, countryWarnings, selection } = props;
  const data = useDeferredValue(
    useMemo(() => ({ placeholder, items, total, loading, countryWarnings, selection }), [placeholder, items, total, loading, countryWarnings, selection]),
  );
  // What the table last drew: PrimeReact answers a checkbox click with the drawn selection plus or
  // minus that row, and the drawn one may lag behind quick clicks (deferred above).
  const drawnSelection = useRef(data.selection);
  useLayoutEffect(() => {
    drawnSelection.current = data.selection;
  });
  const events = useMemo<TableEvents>(
    () => ({
      onSelectionChange: (rows) =>
        latest.current.onSelectionChange(applySelectionChange(latest.current.selection, drawnSelection.current, rows, latest.current.items)),
      onPage: (pageIndex, pageSize) => latest.current.onPage(pageIndex, pageSize),
      onSortClick: (column) => latest.current.onSortClick(column),
    }),
    [],
  );
  // The page's first draw leaves the rows out (one empty row as tall as they will be): its first
  // paint comes sooner, and the rows follow in a render of their own, which React slices.
  const withheld = useDeferredValue(false, true);
  return <CardsTable {...props} {...data} {...events} withheld={withheld} />;
}

/** How many rows the table will show: the skeleton's page, or the rows (the empty message takes one). */
function rowsToCome(props: Pick<SimsTableProps, 'placeholder' | 'items' | 'state'>): number {
  return props.placeholder ? props.state.pageSize : Math.max(1, props.items.length);
}

const CardsTable = memo(function CardsTable(props: SimsTableProps & { withheld: boolean }) {
  const { t, i18n } = useTranslation();
  const { state } = props;
  // PrimeReact redraws a row only when its data differs: the warning travels in the row itself. The
  // array keeps its identity between renders (a new value each render disturbs the lazy paginator).
  const warnedItems = useMemo(() => withWarnings(props.items, props.countryWarnings), [props.items, props.countryWarnings]);
  const items: WarnedRow[] = props.withheld
    ? NO_ROWS
    : props.placeholder
      ? Array.from({ length: state.pageSize }, (_, index) => ({ ...PLACEHOLDER_ROW, id: -(index + 1) }))
      : warnedItems;
  const sortField = state.sortColumn
    ? (Object.keys(SORT_FIELD) as SimColumn[]).find((column) => SORT_FIELD[column] === state.sortColumn)
    : undefined;

  const { columns, details } = tableColumns(props.columns);
  const bodies: Partial<Record<SimColumn, (row: WarnedRow) => React.ReactNode>> = {
    iccid: (row) => (
      <>
        {CELL.iccid(row, i18n.language)}
        {row.countryWarning && <CountryWarningIcon warning={row.countryWarning} />}
      </>
    ),
    ...(details ? { package: (row: WarnedRow) => packageCell(row, i18n.language, t, details) } : {}),
  };

  function onSort(event: DataTableSortEvent): void {
    // The table names the clicked column, or none when its click clears the drawn sort.
    const column = SORT_FIELD[event.sortField as SimColumn] ?? state.sortColumn;
    if (column) props.onSortClick(column);
  }

  return (
    <div
      data-testid={props.placeholder || props.withheld ? 'sims-loading' : 'sims-table'}
      aria-busy={props.placeholder || props.withheld ? true : undefined}
      className={props.withheld ? 'sims-table sims-table--withheld' : 'sims-table'}
    >
      <DataTable
        className={CARD_TABLE}
        // The row's checkbox is named after the SIM's ICCID ("Select row 8970…"), on its card too.
        selectionAriaLabel="iccid"
        value={items}
        dataKey="id"
        {...urlPaging(state, props.total, props.onPage)}
        sortField={sortField}
        sortOrder={sortField ? (state.sortType === 'desc' ? -1 : 1) : 0}
        removableSort
        onSort={onSort}
        loading={props.loading}
        selectionMode="checkbox"
        selection={props.selection}
        onSelectionChange={(event) => props.onSelectionChange(event.value)}
        emptyMessage={
          props.withheld ? (
            <div className="sims-table__rows-to-come" style={{ '--rows': rowsToCome(props) } as React.CSSProperties} />
          ) : (
            <span data-testid="sims-empty">{t('sims.empty')}</span>
          )
        }
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
        {/* Kept in view by sims-table.css (sticky), not by `frozen`, which measures every row after a render. */}
        <Column selectionMode="multiple" {...cardColumn('select', t('cardTable.selectPage'), 'col-select')} />
        {columns.map((column) => (
          <Column
            key={column}
            field={column}
            {...cardColumn(CARD_PLACE[column], t(`sims.col.${column}`), `col-${column}`)}
            {...(column === 'package' && details ? { header: packageHeader(t, details) } : {})}
            body={props.placeholder ? placeholderCell : (bodies[column] ?? ((row: SimRow) => CELL[column](row, i18n.language)))}
            sortable={column in SORT_FIELD}
            // col-iccid stays in view while the table scrolls sideways, next to the checkbox (sims-table.css).
          />
        ))}
      </DataTable>
    </div>
  );
});
