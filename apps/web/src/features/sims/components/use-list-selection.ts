import { useState } from 'react';
import type { SimRow } from '@cab/contract/sims';
import { EMPTY_SELECTION, keepRows, mergePageSelection, type SimSelectionState } from '../model/selection';

/** The list's selection: kept across pages and sorting, bounded, dropped only when asked. */
export function useListSelection() {
  const [selection, setSelection] = useState<SimSelectionState>(EMPTY_SELECTION);
  const [truncated, setTruncated] = useState(false);
  const [showing, setShowing] = useState(false);

  return {
    selection,
    truncated,
    /** The "show selected" view is open. */
    showing: showing && !selection.allMatching && selection.rows.length > 0,
    setShowing,
    changePage: (pageRows: SimRow[], checked: SimRow[]) => {
      const merged = mergePageSelection(selection, pageRows, checked);
      setSelection(merged.selection);
      setTruncated(merged.truncated);
    },
    keep: (rows: SimRow[]) => {
      setSelection(keepRows(selection, rows));
      setTruncated(false);
    },
    selectAllMatching: () => {
      setSelection({ rows: [], allMatching: true });
      setTruncated(false);
    },
    clear: () => {
      setSelection(EMPTY_SELECTION);
      setTruncated(false);
      setShowing(false);
    },
  };
}
