import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { settings } from '../../../db/schema.js';

const KEY = 'cabinet_min_version';

/** The minimum cabinet version root set, as stored (undefined: never set). */
export async function findMinimumVersion(db: Executor): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return row?.value;
}

export async function saveMinimumVersion(db: Executor, minVersion: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value: String(minVersion) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(minVersion) } });
}
