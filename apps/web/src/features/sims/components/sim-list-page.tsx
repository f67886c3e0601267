import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlState } from '@/lib/url-state';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import type { SimSelection } from '@cab/contract/queue';
import type { SavedView } from '@cab/contract/sim-tools';
import type { SimSortColumn } from '@cab/contract/constants';
import { SIM_COUNT_CAP, type SimRow } from '@cab/contract/sims';
import { PageTitle } from '@/components/page-title';
import { OperationsMenu } from '@/components/sim-operations/operations-menu';
import type { OperationTarget } from '@/components/sim-operations/operation-rules';
import { formatCount } from '@/lib/format-count';
import { StylesBeforePaint } from '@/lib/styles-before-paint';
import { useSimList } from '../api/list-sims';
import { prefetchSimList } from '../api/prefetch-list';
import { useCountryWarnings } from '../api/roaming';
import { BulkRoamingButton } from './bulk-roaming-button';
import { scopeCompaniesQuery } from '@/lib/scope-companies-query';
import { loadColumnSettings, saveColumnSettings, type ColumnSettings } from '../model/column-settings';
import {
  blockStateOf,
  DEFAULT_LIST_STATE,
  nextSort,
  SIM_LIST_URL,
  toListFilter,
  toListRequest,
  type SimListState,
} from '../model/list-state';
import { fromSavedViewState, toSavedViewState } from '../model/saved-view-state';
import { SELECTION_MAX_IDS, changesFilter, isEmptySelection, selectionSize } from '../model/selection';
import { ColumnPicker } from './column-picker';
import type { CsvFilterFile } from '@/components/csv-filter-input';
import { CsvMissingNote } from './csv-missing-note';
import { SimEditButton } from './sim-edit-dialog';
import { ExportButtons } from './export-buttons';
import { FilterChangeDialog } from './filter-change-dialog';
import { SavedViews } from './saved-views';
import { SelectedSimsView } from './selected-sims-view';
import { SelectionBar } from './selection-bar';
import { SimsFilter } from './sims-filter';
import { SimsTable } from './sims-table';
import { useListSelection } from './use-list-selection';
import '../sims.css';
import { LoadError } from '@/components/load-error';
import { rememberListSearch } from '../model/list-return';

/** A filter change waiting for the user to agree to drop the selection. */
interface PendingChange {
  state?: SimListState;
  csv?: CsvFilterFile | null;
  columns?: ColumnSettings;
}

const NO_ROWS: SimRow[] = [];

const FILTER_DEFAULTS: Partial<SimListState> = {
  query: DEFAULT_LIST_STATE.query,
  profile: null,
  blocked: 0,
  childs: false,
  company: null,
  emptyName: false,
  group: null,
  label: '',
  pageIndex: 1,
};

/** The first page of the URL's list is requested while the shell and the page render (no CSV on a load). */
export function loader({ request }: { request: Request }): null {
  return prefetchSimList(new URL(request.url).searchParams);
}

/** Route module /list: the cards filter, table, selection, bulk operations, export and saved views. */
export function Component() {
  const { t, i18n } = useTranslation();
  // Kept between renders while the URL stays: the table re-renders only when what it shows changes.
  // A change builds on the address bar's state, so quick clicks are never lost (lib/url-state).
  const [state, setState] = useUrlState(SIM_LIST_URL);
  const [searchParams] = useSearchParams();
  rememberListSearch(searchParams.size > 0 ? `?${searchParams.toString()}` : '');
  const [csv, setCsv] = useState<CsvFilterFile | null>(null);
  const [columns, setColumns] = useState<ColumnSettings>(() => loadColumnSettings());
  const sel = useListSelection();
  const [pending, setPending] = useState<PendingChange | null>(null);
  // Remounting the filter puts its inputs back to what the URL says (after "keep the selection").
  const [filterKey, setFilterKey] = useState(0);

  const request = toListRequest(state, csv?.text ?? null);
  const list = useSimList(request, csv?.hash ?? null);
  const { selection } = sel;
  const hasSelection = !isEmptySelection(selection);

  function changeColumns(next: ColumnSettings): void {
    setColumns(next);
    saveColumnSettings(next);
  }

  function apply(change: PendingChange): void {
    if (change.state) setState(change.state);
    if (change.csv !== undefined) setCsv(change.csv);
    if (change.columns) changeColumns(change.columns);
  }

  /** Applies a change; one that changes the filter while SIMs are selected asks first. */
  function guarded(change: PendingChange): void {
    const filterChanges = (change.state !== undefined && changesFilter(state, change.state)) || change.csv !== undefined;
    if (filterChanges && hasSelection) setPending(change);
    else apply(change);
  }

  function update(patch: Partial<SimListState>): void {
    if (hasSelection && changesFilter(state, patch)) {
      setPending({ state: { ...state, pageIndex: 1, ...patch } });
      return;
    }
    setState({ pageIndex: 1, ...patch });
  }
  // Paging and sorting never touch the selection.
  const move = setState;

  const items = list.data?.items ?? NO_ROWS;
  const countryWarnings = useCountryWarnings(items.filter((row) => row.profile === 'TC').map((row) => row.id)).data;
  const total = list.data?.total ?? 0;
  const exact = list.data?.total_exact ?? true;
  const n = (value: number) => formatCount(value, i18n.language);
  // Exact up to the cap, "10,000+" beyond it (the server never estimates).
  const totalLabel = exact ? n(total) : t('sims.cappedCount', { count: n(SIM_COUNT_CAP) });
  const selectedIds = new Set(selection.rows.map((row) => row.id));
  const pageFullySelected = items.length > 0 && items.every((row) => selectedIds.has(row.id));
  const pageSelection = useMemo(() => {
    if (selection.allMatching) return items;
    const ids = new Set(selection.rows.map((row) => row.id));
    return items.filter((row) => ids.has(row.id));
  }, [selection, items]);
  const selectedLabel = selection.allMatching ? totalLabel : n(selection.rows.length);

  const operationSelection: SimSelection | null = selection.allMatching
    ? { filter: toListFilter(state, csv?.text ?? null), childs: state.childs }
    : selection.rows.length > 0
      ? { ids: selection.rows.map((row) => row.id) }
      : null;
  // A kept selection's rows as the list shows them now (an operation on them may have blocked them).
  const freshRows = useMemo(() => {
    const shown = new Map(items.map((item) => [item.id, item]));
    return selection.rows.map((row) => shown.get(row.id) ?? row);
  }, [selection, items]);
  const target: OperationTarget = selection.allMatching
    ? { kind: 'filter', profile: csv ? null : state.profile, blocked: csv ? 'any' : blockStateOf(state.blocked) }
    : { kind: 'ids', profiles: freshRows.map((row) => row.profile), blocked: freshRows.map((row) => row.block_type !== 'none') };
  const targetLabel = selection.allMatching
    ? t('ops.targetAll', { count: totalLabel })
    : t('ops.targetIds', { count: n(selection.rows.length) });
  const companies = useQuery(scopeCompaniesQuery);
  const { page: _page, size: _size, ...exportBase } = request;

  function applyView(view: SavedView): void {
    const restored = fromSavedViewState(view.state, state);
    guarded({ state: restored.state, columns: restored.columns, ...(csv ? { csv: null } : {}) });
  }

  return (
    <div className="sims-page">
      <StylesBeforePaint />
      <PageTitle>{t('pages.list')}</PageTitle>
      <div className="sims-views-bar">
        <SavedViews current={toSavedViewState(state, columns)} onApply={applyView} />
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-filter-slash"
          label={t('simTools.clearFilter')}
          onClick={() => guarded({ state: { ...state, ...FILTER_DEFAULTS }, ...(csv ? { csv: null } : {}) })}
          data-testid="sims-clear-filter"
        />
      </div>
      <SimsFilter
        key={filterKey}
        state={state}
        onChange={update}
        csv={csv}
        onCsvChange={(file) => guarded({ csv: file })}
        showCompany={(companies.data?.items.length ?? 0) > 1}
      />
      <div className="sims-toolbar">
        <div className="sims-toolbar__counts">
          <strong className="sims-toolbar__total" data-testid="sims-total" data-total={total} data-exact={exact}>
            {list.data ? t('sims.total', { count: totalLabel }) : '\u00a0'}
          </strong>
          <span data-testid="sims-selection-count" data-count={selectionSize(selection, total)}>
            {selection.allMatching ? t('sims.selectedAll', { count: totalLabel }) : t('sims.selected', { count: selectedLabel })}
          </span>
          {selection.rows.length > 0 && !selection.allMatching && (
            <Button
              type="button"
              link
              icon={sel.showing ? 'pi pi-list' : 'pi pi-eye'}
              label={sel.showing ? t('simTools.selection.backToList') : t('simTools.selection.show')}
              aria-pressed={sel.showing}
              onClick={() => sel.setShowing(!sel.showing)}
              data-testid="sims-show-selected"
            />
          )}
          {hasSelection && !selection.allMatching && (
            <Button type="button" link label={t('sims.clearSelection')} onClick={sel.clear} data-testid="sims-clear-selection-link" />
          )}
        </div>
        <div className="sims-toolbar__actions">
          <OperationsMenu
            selection={operationSelection}
            target={target}
            targetLabel={targetLabel}
            // All matching: the list under the dialog is the selection; one by one: the selected view.
            seeAll={{ onClick: () => sel.setShowing(!selection.allMatching) }}
            // The selection stays after an operation is queued (issue 27.5): the same SIMs (a CSV's
            // too) can take the next one; "Clear selection" drops it.
          />
          <BulkRoamingButton selection={operationSelection} targetLabel={targetLabel} />
          <SimEditButton />
          <ExportButtons request={exportBase} />
          <ColumnPicker settings={columns} onChange={changeColumns} />
        </div>
      </div>
      {csv && list.data?.csv_missing && (
        <CsvMissingNote missing={list.data.csv_missing} filter={toListFilter(state, csv.text)} childs={state.childs} fileName={csv.name} />
      )}
      <SelectionBar
        selectedCount={selection.rows.length}
        allMatching={selection.allMatching}
        pageFullySelected={pageFullySelected}
        pageCount={items.length}
        totalLabel={totalLabel}
        canSelectMore={total > items.length}
        truncated={sel.truncated}
        maxLabel={n(SELECTION_MAX_IDS)}
        onSelectAllMatching={sel.selectAllMatching}
        onClear={sel.clear}
      />
      {sel.showing ? (
        <SelectedSimsView rows={selection.rows} onChange={sel.keep} onClose={() => sel.setShowing(false)} />
      ) : list.isError && !list.data ? (
        <LoadError card onRetry={() => void list.refetch()} />
      ) : (
        <SimsTable
          placeholder={list.isPending}
          items={items}
          total={total}
          loading={list.isFetching && !list.isPending}
          state={state}
          columns={columns}
          countryWarnings={countryWarnings}
          selection={pageSelection}
          onSelectionChange={(rows) => sel.changePage(items, rows)}
          onPage={(pageIndex, pageSize) => move({ pageIndex, pageSize })}
          onSortClick={(column: SimSortColumn) => move({ ...nextSort(SIM_LIST_URL.live(), column), pageIndex: 1 })}
        />
      )}
      {/* Below the table: a note that appears with the rows must not push them down. */}
      {!exact && (
        <div className="inline-message inline-message--warn" role="note" data-testid="sims-total-capped">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{t('sims.totalCapped', { cap: formatCount(SIM_COUNT_CAP, i18n.language) })}</span>
        </div>
      )}
      <FilterChangeDialog
        count={pending ? selectedLabel : null}
        onCancel={() => {
          setPending(null);
          setFilterKey((key) => key + 1);
        }}
        onConfirm={() => {
          if (pending) apply(pending);
          setPending(null);
          sel.clear();
        }}
      />
    </div>
  );
}
