import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

const SECRET_KEY = 'jwt_secret';

/**
 * The signing secret: JWT_SECRET when configured; otherwise one generated on first start and kept in
 * the database, so every process sharing it signs alike and restarts keep sessions.
 */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: SECRET_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  if (!row) throw new Error('JWT secret could not be stored');
  return row.value;
}
