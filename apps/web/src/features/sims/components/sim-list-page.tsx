import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import type { SimSelection } from '@cab/contract/queue';
import { SIM_COUNT_CAP, type SimRow, type SimSortColumn } from '@cab/contract/sims';
import { PageTitle } from '@/components/page-title';
import { OperationsMenu } from '@/components/sim-operations/operations-menu';
import type { OperationTarget } from '@/components/sim-operations/operation-rules';
import { formatCount } from '@/lib/format-count';
import { useSimList } from '../api/list-sims';
import { scopeCompaniesQuery } from '../api/scope-companies';
import { loadColumnSettings, saveColumnSettings, type ColumnSettings } from '../model/column-settings';
import {
  parseListState,
  toListFilter,
  toListRequest,
  writeListState,
  type SimListState,
  type SortType,
} from '../model/list-state';
import { ColumnPicker } from './column-picker';
import type { CsvFilterFile } from './csv-filter-input';
import { SelectionBar } from './selection-bar';
import { SimsFilter } from './sims-filter';
import { SimsTable } from './sims-table';
import '../sims.css';
import { LoadError } from '@/components/load-error';

interface Selection {
  /** The filter the selection was made under; another filter starts empty. */
  key: string;
  rows: SimRow[];
  allMatching: boolean;
}

/** Route module /list: the cards filter, table and bulk operations. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const [csv, setCsv] = useState<CsvFilterFile | null>(null);
  const [columns, setColumns] = useState<ColumnSettings>(() => loadColumnSettings());
  const [selection, setSelection] = useState<Selection>({ key: '', rows: [], allMatching: false });

  const request = toListRequest(state, csv?.text ?? null);
  const selectionKey = JSON.stringify({ ...state, pageIndex: 0, pageSize: 0, sortColumn: null, csv: csv?.name });
  const list = useSimList(request, csv ? `${csv.name}:${csv.text.length}` : null);
  const current = selection.key === selectionKey ? selection : { key: selectionKey, rows: [], allMatching: false };

  const update = useCallback(
    (patch: Partial<SimListState>) =>
      setSearchParams((previous) => writeListState({ ...parseListState(previous), pageIndex: 1, ...patch })),
    [setSearchParams],
  );

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const exact = list.data?.total_exact ?? true;
  // Exact up to the cap, "10,000+" beyond it (the server never estimates).
  const totalLabel = exact
    ? formatCount(total, i18n.language)
    : t('sims.cappedCount', { count: formatCount(SIM_COUNT_CAP, i18n.language) });
  const selectedIds = new Set(current.rows.map((row) => row.id));
  const pageFullySelected = items.length > 0 && items.every((row) => selectedIds.has(row.id));

  const operationSelection: SimSelection | null = current.allMatching
    ? { filter: toListFilter(state, csv?.text ?? null), childs: state.childs }
    : current.rows.length > 0
      ? { ids: current.rows.map((row) => row.id) }
      : null;
  const target: OperationTarget = current.allMatching
    ? { kind: 'filter', profile: csv ? null : state.profile }
    : { kind: 'ids', profiles: current.rows.map((row) => row.profile) };
  const targetLabel = current.allMatching
    ? t('ops.targetAll', { count: totalLabel })
    : t('ops.targetIds', { count: formatCount(current.rows.length, i18n.language) });

  function changeColumns(next: ColumnSettings): void {
    setColumns(next);
    saveColumnSettings(next);
  }

  function changeRows(rows: SimRow[]): void {
    // Rows of other pages stay chosen; this page's part is what the table reports.
    const pageIds = new Set(items.map((row) => row.id));
    const kept = current.allMatching ? [] : current.rows.filter((row) => !pageIds.has(row.id));
    setSelection({ key: selectionKey, rows: [...kept, ...rows], allMatching: false });
  }

  const clearSelection = () => setSelection({ key: selectionKey, rows: [], allMatching: false });
  const companies = useQuery(scopeCompaniesQuery);

  return (
    <div className="sims-page">
      <PageTitle>{t('pages.list')}</PageTitle>
      <SimsFilter
        state={state}
        onChange={update}
        csv={csv}
        onCsvChange={setCsv}
        showCompany={(companies.data?.items.length ?? 0) > 1}
      />
      <div className="sims-toolbar">
        <div className="sims-toolbar__counts">
          <strong data-testid="sims-total" data-total={total} data-exact={exact}>
            {list.data ? t('sims.total', { count: totalLabel }) : '\u00a0'}
          </strong>
          <span data-testid="sims-selection-count" data-count={current.allMatching ? total : current.rows.length}>
            {current.allMatching
              ? t('sims.selectedAll', { count: totalLabel })
              : t('sims.selected', { count: formatCount(current.rows.length, i18n.language) })}
          </span>
          {current.rows.length > 0 && !current.allMatching && (
            <Button type="button" link label={t('sims.clearSelection')} onClick={clearSelection} />
          )}
        </div>
        <div className="sims-toolbar__actions">
          <OperationsMenu
            selection={operationSelection}
            target={target}
            targetLabel={targetLabel}
            onQueued={clearSelection}
          />
          <ColumnPicker settings={columns} onChange={changeColumns} />
        </div>
      </div>
      <SelectionBar
        selectedCount={current.rows.length}
        allMatching={current.allMatching}
        pageFullySelected={pageFullySelected}
        pageCount={items.length}
        totalLabel={totalLabel}
        canSelectMore={total > items.length}
        onSelectAllMatching={() => setSelection({ key: selectionKey, rows: current.rows, allMatching: true })}
        onClear={clearSelection}
      />
      {list.isError && !list.data ? (
        <LoadError card onRetry={() => void list.refetch()} />
      ) : (
        <SimsTable
          placeholder={list.isPending}
          items={items}
          total={total}
          loading={list.isFetching && !list.isPending}
          state={state}
          columns={columns}
          selection={current.allMatching ? items : items.filter((row) => selectedIds.has(row.id))}
          onSelectionChange={changeRows}
          onPage={(pageIndex, pageSize) => update({ pageIndex, pageSize })}
          onSort={(sortColumn: SimSortColumn | null, sortType: SortType) => update({ sortColumn, sortType })}
        />
      )}
      {/* Below the table: a note that appears with the rows must not push them down. */}
      {!exact && (
        <div className="inline-message inline-message--warn" role="note" data-testid="sims-total-capped">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{t('sims.totalCapped', { cap: formatCount(SIM_COUNT_CAP, i18n.language) })}</span>
        </div>
      )}
    </div>
  );
}
