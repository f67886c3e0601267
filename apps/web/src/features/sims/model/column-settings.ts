import { SIM_LIST_COLUMNS, type SimListColumn } from '@cab/contract/sim-tools';
import { STORAGE_KEYS } from '@cab/contract/storage';

/** Columns of the cards table, in display order (the export's too: one list in the contract). */
export const SIM_COLUMNS = SIM_LIST_COLUMNS;
export type SimColumn = SimListColumn;
export type ColumnSettings = Record<SimColumn, boolean>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const allVisible = (): ColumnSettings =>
  Object.fromEntries(SIM_COLUMNS.map((column) => [column, true])) as ColumnSettings;

/** Spec §2: every column on by default; the user's choice lives under cards-table-row-settings. */
export function loadColumnSettings(storage: KeyValueStorage = localStorage): ColumnSettings {
  const settings = allVisible();
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEYS.cardsTableRowSettings) ?? 'null');
  } catch {
    return settings; // A hand-edited or foreign value: start over with everything visible.
  }
  if (typeof stored !== 'object' || stored === null) return settings;
  for (const column of SIM_COLUMNS) {
    const value = (stored as Record<string, unknown>)[column];
    // Columns added after the user saved stay visible.
    if (typeof value === 'boolean') settings[column] = value;
  }
  return settings;
}

export function saveColumnSettings(settings: ColumnSettings, storage: KeyValueStorage = localStorage): void {
  storage.setItem(STORAGE_KEYS.cardsTableRowSettings, JSON.stringify(settings));
}

export function visibleColumns(settings: ColumnSettings): SimColumn[] {
  return SIM_COLUMNS.filter((column) => settings[column]);
}
