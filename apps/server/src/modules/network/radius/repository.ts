import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/*
 * Root's RADIUS tables (db/schema-network.ts): the NAS clients, what each NAS sent, the unknown
 * IMSIs and the link's state. The clients' sealed secrets never leave this file but to be inserted.
 */

type Bigint = number | string;
const toDate = (value: Date | string): Date => new Date(value);

export interface RadiusClientRow {
  id: number;
  name: string;
  address: string;
  createdAt: Date;
}

export async function listClients(db: Executor, limit: number): Promise<RadiusClientRow[]> {
  const rows = await queryRows<{ id: number; name: string; address: string; created_at: Date | string }>(
    db,
    sql`select id, name, address, created_at from radius_clients order by name, id limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, address: r.address, createdAt: toDate(r.created_at) }));
}

export async function countClients(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: Bigint }>(db, sql`select count(*) as n from radius_clients`);
  return Number(row?.n ?? 0);
}

/** Adds a client; null when one with that address exists already (one address, one secret). */
export async function insertClient(db: Executor, input: { name: string; address: string; secretSealed: string }): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into radius_clients (name, address, secret_sealed) values (${input.name}, ${input.address}, ${input.secretSealed})
        on conflict (address) do nothing returning id`,
  );
  return row?.id ?? null;
}

export async function deleteClient(db: Executor, id: number): Promise<{ name: string; address: string } | null> {
  // The key is a 4-byte serial; a larger id (the contract allows any safe integer) names no client.
  const [row] = await queryRows<{ name: string; address: string }>(
    db,
    sql`delete from radius_clients where id = ${id}::bigint returning name, address`,
  );
  return row ?? null;
}

export interface NasStatsRow {
  nas: string;
  name: string | null;
  accepted: number;
  dropped: number;
  droppedBy: Record<string, number>;
  lastPacketAt: Date | null;
}

/** Every NAS (and unknown sender) that sent anything, the most recent first, with its client's name. */
export async function listNasStats(db: Executor, limit: number): Promise<NasStatsRow[]> {
  const rows = await queryRows<{
    nas: string;
    name: string | null;
    accepted: Bigint;
    dropped: Bigint;
    dropped_by: Record<string, number | string>;
    last_packet_at: Date | string | null;
  }>(
    db,
    sql`select s.nas, c.name, s.accepted, s.dropped, s.dropped_by, s.last_packet_at
        from radius_nas_stats s left join radius_clients c on c.address = s.nas
        order by s.last_packet_at desc nulls last, s.nas limit ${limit}`,
  );
  return rows.map((r) => ({
    nas: r.nas,
    name: r.name,
    accepted: Number(r.accepted),
    dropped: Number(r.dropped),
    droppedBy: Object.fromEntries(Object.entries(r.dropped_by).map(([reason, n]) => [reason, Number(n)])),
    lastPacketAt: r.last_packet_at === null ? null : toDate(r.last_packet_at),
  }));
}

export interface UnknownImsiRow {
  imsi: string;
  nas: string;
  packets: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export async function listUnknownImsis(db: Executor, limit: number): Promise<{ rows: UnknownImsiRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<{ imsi: string; nas: string; packets: number; first_seen_at: Date | string; last_seen_at: Date | string }>(
      db,
      sql`select imsi, nas, packets, first_seen_at, last_seen_at from radius_unknown_imsis order by last_seen_at desc, imsi limit ${limit}`,
    ),
    queryRows<{ n: Bigint }>(db, sql`select count(*) as n from radius_unknown_imsis`),
  ]);
  return {
    rows: rows.map((r) => ({ imsi: r.imsi, nas: r.nas, packets: r.packets, firstSeenAt: toDate(r.first_seen_at), lastSeenAt: toDate(r.last_seen_at) })),
    total: Number(count?.n ?? 0),
  };
}

export interface RadiusLinkRow {
  state: string;
  detail: Record<string, unknown>;
  updatedAt: Date;
}

export async function findRadiusLink(db: Executor): Promise<RadiusLinkRow | null> {
  const [row] = await queryRows<{ state: string; detail: Record<string, unknown>; updated_at: Date | string }>(
    db,
    sql`select state, detail, updated_at from network_links where link = 'radius'`,
  );
  return row ? { state: row.state, detail: row.detail, updatedAt: toDate(row.updated_at) } : null;
}
