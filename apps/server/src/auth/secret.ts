import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

/**
 * A server secret: the configured one when set; otherwise one generated on first start and kept in
 * the database, so every process sharing it agrees and restarts keep what it protects.
 */
async function resolveStoredSecret(db: Db, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`${key} could not be stored`);
  return row.value;
}

/** Signs access tokens (JWT_SECRET). */
export const resolveJwtSecret = (db: Db, configured: string | undefined) => resolveStoredSecret(db, 'jwt_secret', configured);

/** Seals SIM keys and NAS secrets (SIM_KEYS_SECRET). */
export const resolveSimKeysSecret = (db: Db, configured: string | undefined) => resolveStoredSecret(db, 'sim_keys_secret', configured);
