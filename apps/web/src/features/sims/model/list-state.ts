import {
  BLOCKED_FILTER,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  SIM_PROFILES,
  SIM_SORT_COLUMNS,
  type SimProfile,
  type SimSortColumn,
} from '@cab/contract/constants';
import type { SimListFilter, SimListRequest } from '@cab/contract/sims';

export type SortType = 'asc' | 'desc';
export type BlockedFilter = 0 | 1 | 2 | 3;

/** The cards filter of spec §3 as it lives in the URL (pageIndex one-based, like the UI). */
export interface SimListState {
  query: string;
  profile: SimProfile | null;
  blocked: BlockedFilter;
  childs: boolean;
  /** Root only: one company id (the default is the user's own company). */
  company: number | null;
  emptyName: boolean;
  group: number | null;
  pageIndex: number;
  pageSize: number;
  sortColumn: SimSortColumn | null;
  sortType: SortType;
}

export const DEFAULT_LIST_STATE: SimListState = {
  query: '',
  profile: null,
  blocked: 0,
  childs: false,
  company: null,
  emptyName: false,
  group: null,
  pageIndex: 1,
  pageSize: PAGE_SIZE,
  sortColumn: null,
  sortType: 'asc',
};

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** Reads the state from search params; anything malformed falls back to its default. */
export function parseListState(params: URLSearchParams): SimListState {
  const blocked = Number(params.get('blocked'));
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    query: (params.get('query') ?? '').slice(0, 100),
    profile: oneOf(SIM_PROFILES, params.get('profile')),
    blocked: blocked === 1 || blocked === 2 || blocked === 3 ? blocked : 0,
    childs: params.get('childs') === '1',
    company: positiveInt(params.get('company')),
    emptyName: params.get('empty_name') === '1',
    group: positiveInt(params.get('group')),
    pageIndex: positiveInt(params.get('pageIndex')) ?? 1,
    pageSize: pageSize !== null && pageSize <= MAX_PAGE_SIZE ? pageSize : PAGE_SIZE,
    sortColumn: oneOf(SIM_SORT_COLUMNS, params.get('sortColumn')),
    sortType: params.get('sortType') === 'desc' ? 'desc' : 'asc',
  };
}

/**
 * A click on a sortable header: a new column sorts ascending, the sorted one turns descending, a
 * third click clears the sort. Built on the state the URL holds now, not on what the table drew.
 */
export function nextSort(state: SimListState, column: SimSortColumn): Pick<SimListState, 'sortColumn' | 'sortType'> {
  if (state.sortColumn !== column) return { sortColumn: column, sortType: 'asc' };
  return state.sortType === 'asc' ? { sortColumn: column, sortType: 'desc' } : { sortColumn: null, sortType: 'asc' };
}

/** Writes only what differs from the defaults, so links stay short. */
export function writeListState(state: SimListState): URLSearchParams {
  const params = new URLSearchParams();
  const query = state.query.trim();
  if (query) params.set('query', query);
  if (state.profile) params.set('profile', state.profile);
  if (state.blocked !== 0) params.set('blocked', String(state.blocked));
  if (state.childs) params.set('childs', '1');
  if (state.company !== null) params.set('company', String(state.company));
  if (state.emptyName) params.set('empty_name', '1');
  if (state.group !== null) params.set('group', String(state.group));
  if (state.pageIndex !== 1) params.set('pageIndex', String(state.pageIndex));
  if (state.pageSize !== PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.sortColumn) {
    params.set('sortColumn', state.sortColumn);
    params.set('sortType', state.sortType);
  }
  return params;
}

/** The filter part of a list request; also the selection of "select all matching". */
export function toListFilter(state: SimListState, csv: string | null): SimListFilter {
  // Spec §3/§7: the cards filter carries both `blocked` and `msu_block`.
  const filter: SimListFilter = { blocked: state.blocked, msu_block: state.blocked === BLOCKED_FILTER.msu };
  if (csv) {
    // Spec §7: the CSV filter replaces query and profile.
    filter.csv = csv;
  } else {
    const query = state.query.trim();
    if (query) filter.query = query;
    if (state.profile) filter.profile = state.profile;
  }
  if (state.company !== null) filter.company = [state.company];
  if (state.emptyName) filter.empty_name = true;
  if (state.group !== null) filter.group = state.group;
  return filter;
}

export function toListRequest(state: SimListState, csv: string | null): SimListRequest {
  const request: SimListRequest = {
    childs: state.childs,
    page: state.pageIndex - 1,
    size: state.pageSize,
    filter: toListFilter(state, csv),
  };
  if (state.sortColumn) request.sort = { [state.sortColumn]: state.sortType };
  return request;
}
