import {
  BLOCKED_FILTER,
  PAGE_SIZE,
  SIM_LABEL_MAX_LENGTH,
  SIM_LABEL_PATTERN,
  SIM_PROFILES,
  SIM_SORT_COLUMNS,
  type SimProfile,
  type SimSortColumn,
} from '@cab/contract/constants';
import type { SimListFilter, SimListRequest } from '@cab/contract/sims';
import { flag, id, matching, numberIn, oneOf, pageIndex, pageSize, sortType, text, urlState, type SortType } from '@/lib/url-state';

export type { SortType };
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
  /** Only SIMs with this label (issue 25.6). */
  label: string;
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
  label: '',
  pageIndex: 1,
  pageSize: PAGE_SIZE,
  sortColumn: null,
  sortType: 'asc',
};

/** The list's state in the URL (lib/url-state): the spec's names, `empty_name` as links carry it. */
export const SIM_LIST_URL = urlState<SimListState>(
  {
    query: text(100),
    profile: oneOf(SIM_PROFILES),
    blocked: numberIn([0, 1, 2, 3] as const, 0),
    childs: flag,
    company: id,
    emptyName: flag,
    group: id,
    label: matching(SIM_LABEL_PATTERN, (raw) => (raw.length <= SIM_LABEL_MAX_LENGTH ? raw : '')),
    pageIndex,
    pageSize,
    sortColumn: oneOf(SIM_SORT_COLUMNS),
    sortType,
  },
  { names: { emptyName: 'empty_name' }, companions: { sortType: 'sortColumn' } },
);

/** Reads the state from search params; anything malformed falls back to its default. */
export const parseListState = SIM_LIST_URL.parse;
/** Writes only what differs from the defaults, so links stay short. */
export const writeListState = SIM_LIST_URL.write;

/**
 * A click on a sortable header: a new column sorts ascending, the sorted one turns descending, a
 * third click clears the sort. Built on the state the URL holds now, not on what the table drew.
 */
export function nextSort(state: SimListState, column: SimSortColumn): Pick<SimListState, 'sortColumn' | 'sortType'> {
  if (state.sortColumn !== column) return { sortColumn: column, sortType: 'asc' };
  return state.sortType === 'asc' ? { sortColumn: column, sortType: 'desc' } : { sortColumn: null, sortType: 'asc' };
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
  if (state.label) filter.label = state.label;
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

/** The block state the list's filter keeps to (blocked by MSU is blocked), for the operations menu. */
export function blockStateOf(blocked: BlockedFilter): 'blocked' | 'unblocked' | 'any' {
  if (blocked === BLOCKED_FILTER.blocked || blocked === BLOCKED_FILTER.msu) return 'blocked';
  return blocked === BLOCKED_FILTER.notBlocked ? 'unblocked' : 'any';
}
