import type { SimProfile } from '@cab/contract/constants';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/client.js';
import { companies, users } from '../../src/db/schema.js';
import type { SimRef } from '../../src/network/adapter.js';
import type { Audience } from '../../src/realtime/bus.js';
import type { EventPublisher } from '../../src/modules/sims/usage/service.js';
import { monthSpendCentsSql } from '../../src/db/month-spend.js';
import type { WsServerEvent } from '@cab/contract/ws';
import { resetPostgres, testDatabaseUrl } from '../support/test-app.js';

/** An empty, migrated database: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export async function openNetworkTestDatabase(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
  if (database.kind === 'postgres') await resetPostgres(database);
  await database.migrate();
  return database;
}

export async function createCompany(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  if (!row) throw new Error('company not inserted');
  return row.id;
}

export async function createUser(db: Db, companyId: number, email: string, options: { lang?: string; active?: boolean; deleted?: boolean } = {}) {
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      email,
      passwordHash: 'x',
      firstName: 'Test',
      lastName: 'User',
      role: 'manager',
      lang: options.lang ?? 'ru',
      active: options.active ?? true,
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  return row.id;
}

export interface SimFixture {
  count: number;
  /** Distinguishes ICCIDs of separate calls. */
  serialBase: number;
  blockType?: string;
  msuCents?: number | null;
  /** Spent this month already: a daily rollup of today with this cost (the month's spend is read from them). */
  monthSpendCents?: number;
  limitMb?: number | null;
  /** 'TC' unless given; 'mixed' gives each SIM one of the profiles in turn. */
  profile?: SimProfile | 'mixed';
}

/** Inserts SIMs in one statement; returns them as the adapter sees them. */
export async function createSims(db: Db, companyId: number, fixture: SimFixture): Promise<SimRef[]> {
  const rows = await queryRows<{ id: number | string; iccid: string; msisdn: string; profile: string }>(
    db,
    sql`
    insert into sims (company_id, iccid, msisdn, profile, block_type, msu_cents, limit_mb)
    select ${companyId}, '8970199' || lpad((${fixture.serialBase}::bigint + n)::text, 13, '0'),
           '7900' || lpad((${fixture.serialBase}::bigint + n)::text, 8, '0'),
           ${fixture.profile === 'mixed' ? sql`(array['TC','TD','BK','MS','MF'])[1 + n % 5]` : sql`${fixture.profile ?? 'TC'}`},
           ${fixture.blockType ?? 'none'}, ${fixture.msuCents ?? null}::integer, ${fixture.limitMb ?? null}::integer
    from generate_series(1, ${fixture.count}) as n
    returning id, iccid, msisdn, profile`,
  );
  const sims = rows.map((r) => ({ companyId, simId: Number(r.id), iccid: r.iccid, msisdn: r.msisdn, profile: r.profile as SimProfile }));
  if (fixture.monthSpendCents) await setMonthSpend(db, sims, fixture.monthSpendCents);
  return sims;
}

/** Sets each SIM's spend this month to `cents`: its rollup of today says so, and no earlier day of the month says more. */
export async function setMonthSpend(db: Db, sims: SimRef[], cents: number): Promise<void> {
  const ids = sql`${`{${sims.map((s) => s.simId).join(',')}}`}::bigint[]`;
  await db.execute(sql`delete from usage_daily where sim_id = any(${ids}) and day >= date_trunc('month', now() at time zone 'UTC')::date`);
  await db.execute(sql`
    insert into usage_daily (company_id, sim_id, day, cost_cents)
    select company_id, id, (now() at time zone 'UTC')::date, ${cents} from sims where id = any(${ids})`);
}

/** A SIM's spend this month, read as the product reads it. */
export async function monthSpendOf(db: Db, sim: SimRef): Promise<number> {
  const [row] = await queryRows<{ cents: number }>(db, sql`select ${monthSpendCentsSql(sql`${sim.companyId}::bigint`, sql`${sim.simId}::bigint`)} as cents`);
  return Number(row?.cents ?? 0);
}

export async function setOnline(db: Db, sims: SimRef[], online: boolean): Promise<void> {
  for (const sim of sims) {
    await db.execute(sql`
      insert into sim_network_state (company_id, sim_id, online) values (${sim.companyId}, ${sim.simId}, ${online})
      on conflict (company_id, sim_id) do update set online = excluded.online`);
  }
}

/** Mulberry32: a small seeded generator so outcomes are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random source that replays fixed values in a loop. */
export function sequenceRandom(values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

export interface PublishedEvent {
  audience: Audience;
  event: WsServerEvent;
}

/** A stand-in for the EventBus whose publish is a spy; `published` lists the calls in order. */
export function recordingBus() {
  const publish = vi.fn<EventPublisher['publish']>(() => Promise.resolve());
  const bus: EventPublisher = { publish };
  const published = (): PublishedEvent[] => publish.mock.calls.map(([audience, event]) => ({ audience, event }));
  return { bus, publish, published };
}
