import { describe, expect, it } from 'vitest';
import { SavedViewState } from '@cab/contract/sim-tools';
import { SIM_COLUMNS, type ColumnSettings } from './column-settings';
import { DEFAULT_LIST_STATE } from './list-state';
import { fromSavedViewState, toSavedViewState } from './saved-view-state';

describe('saved view state', () => {
  it('round-trips filter, columns, sort and page size through the contract schema', () => {
    const state = { ...DEFAULT_LIST_STATE, query: 'tracker', profile: 'TC' as const, blocked: 2 as const, sortColumn: 'name' as const, sortType: 'desc' as const, pageSize: 50, pageIndex: 4 };
    const columns = Object.fromEntries(SIM_COLUMNS.map((c) => [c, c === 'iccid' || c === 'name'])) as ColumnSettings;
    const saved = SavedViewState.parse(toSavedViewState(state, columns));
    const restored = fromSavedViewState(saved, DEFAULT_LIST_STATE);
    expect(restored.state).toEqual({ ...state, pageIndex: 1 });
    expect(restored.columns).toEqual(columns);
  });
});
