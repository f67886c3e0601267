import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { DataSessionEvent } from '../../../network/events.js';
import type { NewSimEvent } from './types.js';

const MIB = 1_048_576;

/**
 * `limit_reached` for every SIM whose month's data this batch took to or past its data limit: its
 * month total (usage_daily, the batch already in it) is at the limit now and was below it without
 * the batch — so a SIM crosses once a month, however many batches follow. Call after the usage is
 * recorded, in the same transaction.
 */
export async function limitCrossings(db: Executor, sessions: DataSessionEvent[], now: Date): Promise<NewSimEvent[]> {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const added = new Map<string, { company_id: number; sim_id: number; bytes: number; at: number }>();
  for (const s of sessions) {
    if (s.at.getTime() < monthStart || s.bytes <= 0) continue;
    const key = `${s.companyId}:${s.simId}`;
    const entry = added.get(key) ?? { company_id: s.companyId, sim_id: s.simId, bytes: 0, at: 0 };
    entry.bytes += s.bytes;
    entry.at = Math.max(entry.at, s.endedAt.getTime());
    added.set(key, entry);
  }
  if (added.size === 0) return [];
  const rows = await queryRows<{ company_id: number | string; sim_id: number | string; limit_mb: number; month_bytes: number | string; bytes: number | string; at: number | string }>(
    db,
    sql`
    select t.company_id, t.sim_id, s.limit_mb, t.bytes, t.at, m.month_bytes
    from jsonb_to_recordset(${JSON.stringify([...added.values()])}::jsonb) as t(company_id bigint, sim_id bigint, bytes bigint, at bigint)
    join sims s on s.company_id = t.company_id and s.id = t.sim_id and s.limit_mb is not null
    cross join lateral (
      select coalesce(sum(d.bytes_up + d.bytes_down), 0) as month_bytes from usage_daily d
      where d.company_id = t.company_id and d.sim_id = t.sim_id and d.day >= ${new Date(monthStart).toISOString().slice(0, 10)}::date) m`,
  );
  return rows
    .filter((r) => {
      const limit = r.limit_mb * MIB;
      const after = Number(r.month_bytes);
      return after >= limit && after - Number(r.bytes) < limit;
    })
    .map((r) => ({
      companyId: Number(r.company_id),
      simId: Number(r.sim_id),
      type: 'limit_reached' as const,
      at: new Date(Number(r.at)),
      actor: { kind: 'limit' as const },
      details: { limit_mb: r.limit_mb, used_mb: Math.round(Number(r.month_bytes) / MIB) },
    }));
}
