/**
 * The cursor of a log read newest first by keyset (created_at, id): the last row's time in µs since
 * the epoch (exact, unlike a JS Date) and its id, as "µs:id". The SMS inbox and the audit log use it.
 */
export interface TimeKey {
  atUs: string;
  id: number;
}

export const timeCursorOf = (row: { at_us: string; id: number }): string => `${row.at_us}:${row.id}`;

export function parseTimeCursor(cursor: string | undefined): TimeKey | null {
  if (!cursor) return null;
  const [atUs = '0', id = '0'] = cursor.split(':');
  return { atUs, id: Number(id) };
}

type KeyedRow = { at_us: string; id: number };

/** A page read with one row more than `size`: its items and the cursor of the next page, if any. */
export function pageOfRows<Row extends KeyedRow, Item>(rows: Row[], size: number, toItem: (row: Row) => Item): { items: Item[]; next: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { items: page.map(toItem), next: rows.length > size && last ? timeCursorOf(last) : null };
}

/** Every row of a search, `batch` at a time by keyset, for an export that never holds the whole. */
export async function* rowsByKeyset<Row extends KeyedRow, Item>(
  read: (after: TimeKey | null, limit: number) => Promise<Row[]>,
  toItem: (row: Row) => Item,
  batch: number,
): AsyncGenerator<Item[]> {
  let after: TimeKey | null = null;
  for (;;) {
    const rows = await read(after, batch);
    if (rows.length > 0) yield rows.map(toItem);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { atUs: last.at_us, id: last.id };
  }
}
