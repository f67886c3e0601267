import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** Packets of one NAS (or one unknown source address) since the last flush. */
export interface NasCounters {
  nas: string;
  accepted: number;
  droppedBy: Record<string, number>;
  lastPacketAt: Date;
}

/** The insert adding each NAS's counters to its row (dropped reasons key by key), a step of a batch's statement. */
export function nasCountersInsert(counters: NasCounters[]): SQL | null {
  if (counters.length === 0) return null;
  const payload = JSON.stringify(
    counters.map((c) => ({
      nas: c.nas,
      accepted: c.accepted,
      dropped: Object.values(c.droppedBy).reduce((sum, n) => sum + n, 0),
      dropped_by: c.droppedBy,
      last_packet_at: c.lastPacketAt.toISOString(),
    })),
  );
  return sql`
    insert into radius_nas_stats as s (nas, accepted, dropped, dropped_by, last_packet_at)
    select nas, accepted, dropped, dropped_by, last_packet_at
    from jsonb_to_recordset(${payload}::jsonb) as t(nas text, accepted bigint, dropped bigint, dropped_by jsonb, last_packet_at timestamptz)
    order by nas
    on conflict (nas) do update set
      accepted = s.accepted + excluded.accepted,
      dropped = s.dropped + excluded.dropped,
      dropped_by = (
        select coalesce(jsonb_object_agg(k, coalesce((s.dropped_by ->> k)::bigint, 0) + coalesce((excluded.dropped_by ->> k)::bigint, 0)), '{}'::jsonb)
        from jsonb_object_keys(s.dropped_by || excluded.dropped_by) as k),
      last_packet_at = greatest(s.last_packet_at, excluded.last_packet_at)`;
}

/** The RADIUS link as Tools → Network shows it: up while the listener runs, down once it closed. */
export async function writeRadiusLink(db: Executor, state: 'up' | 'down', detail: Record<string, unknown>): Promise<void> {
  await db.execute(radiusLinkUpsert(state, detail));
}

export function radiusLinkUpsert(state: 'up' | 'down', detail: Record<string, unknown>): SQL {
  return sql`
    insert into network_links (link, state, detail, updated_at) values ('radius', ${state}, ${JSON.stringify(detail)}::jsonb, now())
    on conflict (link) do update set state = excluded.state, detail = excluded.detail, updated_at = excluded.updated_at`;
}
