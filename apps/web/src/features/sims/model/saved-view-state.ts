import type { SavedViewState } from '@cab/contract/sim-tools';
import { SIM_COLUMNS, type ColumnSettings } from './column-settings';
import type { BlockedFilter, SimListState } from './list-state';

/** What a saved view keeps of the list: its filter (no CSV file), visible columns, sort and page size. */
export function toSavedViewState(state: SimListState, columns: ColumnSettings): SavedViewState {
  const visible = SIM_COLUMNS.filter((column) => columns[column]);
  return {
    filter: {
      query: state.query.trim(),
      profile: state.profile,
      blocked: state.blocked,
      childs: state.childs,
      company: state.company,
      empty_name: state.emptyName,
      group: state.group,
      label: state.label,
    },
    columns: visible.length > 0 ? visible : ['iccid'],
    sort: state.sortColumn ? { column: state.sortColumn, type: state.sortType } : null,
    page_size: state.pageSize,
  };
}

/** The list state and columns a saved view restores (first page). */
export function fromSavedViewState(view: SavedViewState, current: SimListState): { state: SimListState; columns: ColumnSettings } {
  const { filter } = view;
  const blocked = [0, 1, 2, 3].includes(filter.blocked) ? (filter.blocked as BlockedFilter) : 0;
  const state: SimListState = {
    query: filter.query,
    profile: filter.profile,
    blocked,
    childs: filter.childs,
    company: filter.company,
    emptyName: filter.empty_name,
    group: filter.group,
    label: filter.label,
    pageIndex: 1,
    pageSize: view.page_size ?? current.pageSize,
    sortColumn: view.sort?.column ?? null,
    sortType: view.sort?.type ?? 'asc',
  };
  const columns = Object.fromEntries(SIM_COLUMNS.map((column) => [column, view.columns.includes(column)])) as ColumnSettings;
  return { state, columns };
}
