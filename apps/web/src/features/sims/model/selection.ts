import type { SimRow } from '@cab/contract/sims';
import type { SimListState } from './list-state';

/** Most SIMs chosen one by one (the queue API takes at most this many ids); beyond, "all matching the filter". */
export const SELECTION_MAX_IDS = 10_000;

export interface SimSelectionState {
  /** SIMs chosen row by row, kept across pages and sorting. */
  rows: SimRow[];
  /** Everything matching the current filter (the filter is the selection). */
  allMatching: boolean;
}

export const EMPTY_SELECTION: SimSelectionState = { rows: [], allMatching: false };

export function selectionSize(selection: SimSelectionState, total: number): number {
  return selection.allMatching ? total : selection.rows.length;
}

export function isEmptySelection(selection: SimSelectionState): boolean {
  return !selection.allMatching && selection.rows.length === 0;
}

/**
 * The table reports this page's checked rows; rows of other pages stay chosen. Returns the new
 * selection and whether the bound cut it (then the bar offers "all matching the filter").
 */
export function mergePageSelection(
  selection: SimSelectionState,
  pageRows: SimRow[],
  checkedOnPage: SimRow[],
): { selection: SimSelectionState; truncated: boolean } {
  const pageIds = new Set(pageRows.map((row) => row.id));
  const kept = selection.allMatching ? [] : selection.rows.filter((row) => !pageIds.has(row.id));
  const room = Math.max(0, SELECTION_MAX_IDS - kept.length);
  const added = checkedOnPage.slice(0, room);
  return { selection: { rows: [...kept, ...added], allMatching: false }, truncated: added.length < checkedOnPage.length };
}

/** Keeps only the given rows (the "show selected" view unchecks some). */
export function keepRows(selection: SimSelectionState, rows: SimRow[]): SimSelectionState {
  const keep = new Set(rows.map((row) => row.id));
  return { rows: selection.rows.filter((row) => keep.has(row.id)), allMatching: false };
}

type FilterPart = Omit<SimListState, 'pageIndex' | 'pageSize' | 'sortColumn' | 'sortType'>;

function filterPart(state: SimListState): FilterPart {
  const { pageIndex: _p, pageSize: _s, sortColumn: _c, sortType: _t, ...filter } = state;
  return filter;
}

/** Whether moving from one list state to another changes which SIMs match (not just page or order). */
export function changesFilter(from: SimListState, patch: Partial<SimListState>): boolean {
  const before = filterPart(from);
  const after = filterPart({ ...from, ...patch });
  return (Object.keys(before) as Array<keyof FilterPart>).some((key) => before[key] !== after[key]);
}

/**
 * Applies what a click changed (the table's answer against what it drew) to the latest selection,
 * so a second checkbox clicked before the first one is drawn adds to it instead of replacing it.
 * An answer holding every row of the page (the header's "select all") means just that, whatever
 * was drawn: a selection cleared but not yet redrawn must not turn it into "all but those".
 */
export function applySelectionChange(latest: SimRow[], drawn: SimRow[], answer: SimRow[], pageRows: SimRow[] = []): SimRow[] {
  const drawnIds = new Set(drawn.map((row) => row.id));
  const answerIds = new Set(answer.map((row) => row.id));
  if (pageRows.length > 0 && pageRows.every((row) => answerIds.has(row.id))) {
    const latestIds = new Set(latest.map((row) => row.id));
    return [...latest, ...answer.filter((row) => !latestIds.has(row.id))];
  }
  const kept = latest.filter((row) => !drawnIds.has(row.id) || answerIds.has(row.id));
  const keptIds = new Set(kept.map((row) => row.id));
  return [...kept, ...answer.filter((row) => !drawnIds.has(row.id) && !keptIds.has(row.id))];
}
