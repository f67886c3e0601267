import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../src/db/client.js';
import type { CallEvent, DataSessionEvent, SmsEvent, UsageEvent } from '../../src/network/events.js';
import { HOUSEKEEPING_BATCH, recordUsage, usageHousekeeping } from '../../src/modules/sims/usage/records-repository.js';
import { applyNetworkEvents } from '../../src/modules/sims/usage/service.js';
import { createCompany, createSims, monthSpendOf, openNetworkTestDatabase, recordingBus, seededRandom } from '../network/support.js';

let database: Database;
let db: Db;
let companyA: number;
let companyB: number;
beforeAll(async () => {
  database = await openNetworkTestDatabase();
  db = database.db;
  companyA = await createCompany(db, 'Rollup A');
  companyB = await createCompany(db, 'Rollup B');
});
afterAll(async () => database.close());

const DAY0 = Date.UTC(2031, 0, 10);

/** A random but reproducible day of usage for some SIMs: sessions, SMS and calls in and out. */
function makeEvents(sims: Array<{ companyId: number; simId: number }>, count: number, seed: number, prefix: string): UsageEvent[] {
  const random = seededRandom(seed);
  const events: UsageEvent[] = [];
  for (let i = 0; i < count; i++) {
    const sim = sims[Math.floor(random() * sims.length)] ?? sims[0];
    if (!sim) throw new Error('no sims');
    const at = new Date(DAY0 + Math.floor(random() * 5 * 86_400) * 1000);
    const base = { ...sim, at, key: `${prefix}-${i}`, operator: '250-01', country: random() < 0.2 ? 'KZ' : 'RU' };
    const pickKind = random();
    const direction = random() < 0.5 ? ('in' as const) : ('out' as const);
    if (pickKind < 0.6) {
      const up = Math.floor(random() * 10_000);
      const down = Math.floor(random() * 100_000);
      const e: DataSessionEvent = {
        ...base,
        type: 'data',
        bytes: up + down,
        bytesUp: up,
        bytesDown: down,
        endedAt: new Date(at.getTime() + Math.floor(random() * 3600) * 1000),
        rat: '4G',
        costCents: 1 + Math.floor(random() * 20),
      };
      events.push(e);
    } else if (pickKind < 0.85) {
      const e: SmsEvent = { ...base, type: 'sms', direction, peer: '79001112233', text: 'T', costCents: direction === 'out' ? 3 : 0 };
      events.push(e);
    } else {
      const seconds = 5 + Math.floor(random() * 300);
      const e: CallEvent = { ...base, type: 'call', direction, peer: '79001112233', seconds, costCents: Math.ceil(seconds / 60) * 8 };
      events.push(e);
    }
  }
  return events;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

type Sums = Record<string, number[]>;

/** What the rollups must hold, computed from the unique events in plain TypeScript. */
function expectedDaily(events: UsageEvent[]): Sums {
  const out: Sums = {};
  for (const e of events) {
    const day = e.at.toISOString().slice(0, 10);
    const key = `${e.companyId}:${e.simId}:${day}`;
    const row = (out[key] ??= [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const add = (index: number, value: number) => {
      row[index] = (row[index] ?? 0) + value;
    };
    if (e.type === 'data') {
      add(0, 1);
      add(1, Math.floor(e.endedAt.getTime() / 1000) - Math.floor(e.at.getTime() / 1000));
      add(2, e.bytesUp);
      add(3, e.bytesDown);
    } else if (e.type === 'sms') add(e.direction === 'in' ? 4 : 5, 1);
    else {
      add(e.direction === 'in' ? 6 : 7, 1);
      add(8, e.seconds);
    }
    add(9, e.costCents);
  }
  return out;
}

const COUNTERS = sql`sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents`;

async function storedDaily(companies: number[]): Promise<Sums> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select company_id, sim_id, day::text as day, ${COUNTERS} from usage_daily where company_id in ${companies}`,
  );
  const out: Sums = {};
  for (const r of rows) {
    out[`${r.company_id}:${r.sim_id}:${r.day}`] = ['sessions', 'session_seconds', 'bytes_up', 'bytes_down', 'sms_in', 'sms_out', 'calls_in', 'calls_out', 'call_seconds', 'cost_cents'].map(
      (k) => Number(r[k]),
    );
  }
  return out;
}

/** The rollups recomputed from the raw tables: they must agree with the incremental ones. */
async function dailyFromRaw(companies: number[]): Promise<Sums> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`
    with s as (
      select company_id, sim_id, (started_at at time zone 'UTC')::date as day, count(*) as sessions,
        sum(extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint) as session_seconds,
        sum(bytes_up) as bytes_up, sum(bytes_down) as bytes_down, sum(cost_cents) as cost
      from usage_sessions where company_id in ${companies} group by 1, 2, 3
    ), e as (
      select company_id, sim_id, (started_at at time zone 'UTC')::date as day,
        count(*) filter (where kind = 'sms' and direction = 'in') as sms_in, count(*) filter (where kind = 'sms' and direction = 'out') as sms_out,
        count(*) filter (where kind = 'call' and direction = 'in') as calls_in, count(*) filter (where kind = 'call' and direction = 'out') as calls_out,
        coalesce(sum(seconds) filter (where kind = 'call'), 0) as call_seconds, sum(cost_cents) as cost
      from usage_events where company_id in ${companies} group by 1, 2, 3
    )
    select coalesce(s.company_id, e.company_id) as company_id, coalesce(s.sim_id, e.sim_id) as sim_id, coalesce(s.day, e.day)::text as day,
      coalesce(s.sessions, 0) as sessions, coalesce(s.session_seconds, 0) as session_seconds, coalesce(s.bytes_up, 0) as bytes_up,
      coalesce(s.bytes_down, 0) as bytes_down, coalesce(e.sms_in, 0) as sms_in, coalesce(e.sms_out, 0) as sms_out,
      coalesce(e.calls_in, 0) as calls_in, coalesce(e.calls_out, 0) as calls_out, coalesce(e.call_seconds, 0) as call_seconds,
      coalesce(s.cost, 0) + coalesce(e.cost, 0) as cost_cents
    from s full join e on e.company_id = s.company_id and e.sim_id = s.sim_id and e.day = s.day`,
  );
  const out: Sums = {};
  for (const r of rows) {
    out[`${r.company_id}:${r.sim_id}:${r.day}`] = ['sessions', 'session_seconds', 'bytes_up', 'bytes_down', 'sms_in', 'sms_out', 'calls_in', 'calls_out', 'call_seconds', 'cost_cents'].map(
      (k) => Number(r[k]),
    );
  }
  return out;
}

async function companyRollupMatchesSimRollup(companies: number[]): Promise<void> {
  const diff = await queryRows<{ n: string | number }>(
    db,
    sql`
    with per_sim as (
      select company_id, day, sum(sessions) as sessions, sum(bytes_up) as bytes_up, sum(bytes_down) as bytes_down, sum(sms_in) as sms_in,
        sum(sms_out) as sms_out, sum(calls_in) as calls_in, sum(calls_out) as calls_out, sum(call_seconds) as call_seconds,
        sum(session_seconds) as session_seconds, sum(cost_cents) as cost_cents
      from usage_daily where company_id in ${companies} group by 1, 2
    )
    select count(*) as n from per_sim p full join (select * from usage_daily_company where company_id in ${companies}) c
      on c.company_id = p.company_id and c.day = p.day
    where (p.sessions, p.bytes_up, p.bytes_down, p.sms_in, p.sms_out, p.calls_in, p.calls_out, p.call_seconds, p.session_seconds, p.cost_cents)
      is distinct from (c.sessions, c.bytes_up, c.bytes_down, c.sms_in, c.sms_out, c.calls_in, c.calls_out, c.call_seconds, c.session_seconds, c.cost_cents)`,
  );
  expect(Number(diff[0]?.n)).toBe(0);
}

/**
 * Every coarse rollup (per company, profile, group and label, with the per-SIM rows each row stands
 * for) against the per-SIM rows summed in plain SQL over today's SIMs, groups and labels.
 */
async function coarseRollupsMatchSimRollup(companies: number[]): Promise<void> {
  const sums = sql`count(*) as sim_days, sum(d.sessions) as sessions, sum(d.session_seconds) as session_seconds, sum(d.bytes_up) as bytes_up,
    sum(d.bytes_down) as bytes_down, sum(d.sms_in) as sms_in, sum(d.sms_out) as sms_out, sum(d.calls_in) as calls_in,
    sum(d.calls_out) as calls_out, sum(d.call_seconds) as call_seconds, sum(d.cost_cents) as cost_cents`;
  const row = (alias: string) =>
    sql.raw(`(${alias}.sim_days, ${alias}.sessions, ${alias}.session_seconds, ${alias}.bytes_up, ${alias}.bytes_down, ${alias}.sms_in, ${alias}.sms_out, ${alias}.calls_in, ${alias}.calls_out, ${alias}.call_seconds, ${alias}.cost_cents)`);
  const differences = async (expected: SQL, table: string, keys: string[]) => {
    const on = sql.raw(keys.map((key) => `r.${key} = p.${key}`).join(' and '));
    const [diff] = await queryRows<{ n: string | number; rows: string | number }>(db, sql`
      with p as (${expected}), r as (select * from ${sql.identifier(table)} where company_id in ${companies})
      select (select count(*) from p full join r on ${on} where ${row('p')} is distinct from ${row('r')}) as n, (select count(*) from r) as rows`);
    return { [table]: Number(diff?.n), rows: Number(diff?.rows) > 0 };
  };
  const within = sql`d.company_id in ${companies}`;
  const found = [
    await differences(sql`select d.company_id, d.day, ${sums} from usage_daily d where ${within} group by 1, 2`, 'usage_daily_company', ['company_id', 'day']),
    await differences(sql`select d.company_id, s.profile, d.day, ${sums} from usage_daily d join sims s on s.id = d.sim_id where ${within} group by 1, 2, 3`, 'usage_daily_profile', ['company_id', 'profile', 'day']),
    await differences(
      sql`select d.company_id, m.group_id, d.day, ${sums} from usage_daily d join sim_group_members m on m.company_id = d.company_id and m.sim_id = d.sim_id where ${within} group by 1, 2, 3`,
      'usage_daily_group',
      ['company_id', 'group_id', 'day'],
    ),
    await differences(
      sql`select d.company_id, l.label, d.day, ${sums} from usage_daily d join sim_labels l on l.company_id = d.company_id and l.sim_id = d.sim_id where ${within} group by 1, 2, 3`,
      'usage_daily_label',
      ['company_id', 'label', 'day'],
    ),
  ];
  expect(found).toEqual([
    { usage_daily_company: 0, rows: true },
    { usage_daily_profile: 0, rows: true },
    { usage_daily_group: 0, rows: true },
    { usage_daily_label: 0, rows: true },
  ]);
}

/** A group of the company with these SIMs, and a label on them; returns the group's id. */
async function groupAndLabel(companyId: number, simIds: number[], name: string): Promise<number> {
  const [group] = await queryRows<{ id: number }>(db, sql`insert into sim_groups (company_id, name) values (${companyId}, ${name}) returning id::int as id`);
  const ids = sql`${`{${simIds.join(',')}}`}::bigint[]`;
  await db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) select ${companyId}, ${group?.id}, unnest(${ids})`);
  await db.execute(sql`insert into sim_labels (company_id, label, sim_id) select ${companyId}, ${name}, unnest(${ids})`);
  return group?.id ?? 0;
}

describe('usage rollups', () => {
  it('equal the raw records after random arrival order, re-delivered batches and a crash in the middle', async () => {
    const simsA = await createSims(db, companyA, { count: 7, serialBase: 100, monthSpendCents: 0, profile: 'mixed' });
    const simsB = await createSims(db, companyB, { count: 3, serialBase: 200, monthSpendCents: 0 });
    const events = makeEvents([...simsA, ...simsB], 600, 7, 'r1');
    const random = seededRandom(99);
    const order = shuffled(events, random);
    const batches: UsageEvent[][] = [];
    for (let i = 0; i < order.length; i += 37) batches.push(order.slice(i, i + 37));

    // A crash: the batch's transaction dies after its records were written; nothing of it stays.
    const crashed = batches[3] ?? [];
    await expect(
      db.transaction(async (tx) => {
        await recordUsage(tx, crashed);
        throw new Error('worker died');
      }),
    ).rejects.toThrow('worker died');

    let fresh = 0;
    for (const batch of batches) fresh += (await recordUsage(db, batch)).length;
    // Re-deliveries: some batches again, in another order, and one batch with its own duplicates.
    for (const batch of shuffled(batches, random).slice(0, 6)) expect(await recordUsage(db, batch)).toEqual([]);
    const doubled = batches[5] ?? [];
    expect(await recordUsage(db, [...doubled, ...doubled])).toEqual([]);
    expect(fresh).toBe(events.length);

    const companies = [companyA, companyB];
    await groupAndLabel(companyA, simsA.slice(0, 3).map((sim) => sim.simId), 'first three');
    const expected = expectedDaily(events);
    expect(await storedDaily(companies)).toEqual(expected);
    expect(await dailyFromRaw(companies)).toEqual(expected);
    await companyRollupMatchesSimRollup(companies);
    await coarseRollupsMatchSimRollup(companies);
  });

  it('by group and label follow SIMs that join and leave, while usage arrives side by side', async () => {
    const company = await createCompany(db, 'Rollup Members');
    const sims = await createSims(db, company, { count: 12, serialBase: 600, monthSpendCents: 0, profile: 'mixed' });
    const ids = sims.map((sim) => sim.simId);
    // Some history before any group or label exists, some members before the usage.
    await recordUsage(db, makeEvents(sims, 150, 41, 'm0'));
    const group = await groupAndLabel(company, ids.slice(0, 4), 'fleet');
    const batches = Array.from({ length: 8 }, (_, i) => makeEvents(sims, 60, 50 + i, `m${i + 1}`));
    const changes = [
      sql`insert into sim_group_members (company_id, group_id, sim_id) select ${company}, ${group}, unnest(${`{${ids.slice(4, 8).join(',')}}`}::bigint[])`,
      sql`delete from sim_group_members where group_id = ${group} and sim_id = ${ids[0] ?? 0}`,
      sql`insert into sim_labels (company_id, label, sim_id) select ${company}, 'fleet', unnest(${`{${ids.slice(6, 10).join(',')}}`}::bigint[]) on conflict do nothing`,
      sql`delete from sim_labels where company_id = ${company} and label = 'fleet' and sim_id = any(${`{${ids.slice(1, 3).join(',')}}`}::bigint[])`,
    ];
    // Each batch and each change in its own transaction, all at once (on PostgreSQL, side by side).
    await Promise.all([
      ...batches.map((batch) => db.transaction(async (tx) => void (await recordUsage(tx, batch)))),
      ...changes.map((change) => db.transaction(async (tx) => void (await tx.execute(change)))),
    ]);
    await coarseRollupsMatchSimRollup([company]);
    // Everyone leaves: no row is left standing for nobody.
    await db.execute(sql`delete from sim_group_members where group_id = ${group}`);
    await db.execute(sql`delete from sim_labels where company_id = ${company}`);
    const [left] = await queryRows<{ n: string | number }>(db, sql`
      select (select count(*) from usage_daily_group where group_id = ${group}) + (select count(*) from usage_daily_label where company_id = ${company}) as n`);
    expect(Number(left?.n)).toBe(0);
  });

  it('a key repeated inside one new batch is stored and counted once', async () => {
    const [sim] = await createSims(db, companyA, { count: 1, serialBase: 300, monthSpendCents: 0 });
    if (!sim) throw new Error('no sim');
    const [event] = makeEvents([sim], 1, 3, 'dup');
    if (!event) throw new Error('no event');
    const fresh = await recordUsage(db, [event, { ...event }]);
    expect(fresh).toHaveLength(1);
    expect(await storedDaily([companyA])).toMatchObject(expectedDaily([event]));
  });

  it('month spend counts a re-delivered batch once, and a failed batch not at all', async () => {
    const [sim] = await createSims(db, companyB, { count: 1, serialBase: 400, monthSpendCents: 0 });
    if (!sim) throw new Error('no sim');
    const events = makeEvents([sim], 20, 11, 'spend');
    const cost = events.reduce((sum, e) => sum + e.costCents, 0);
    const spend = () => monthSpendOf(db, sim);

    // The legacy sim_usage insert fails after the records were written: the whole batch rolls back.
    await db.execute(sql`create function refuse_sim_usage() returns trigger language plpgsql as $$ begin raise exception 'storage down'; end $$`);
    await db.execute(sql`create trigger refuse_sim_usage before insert on sim_usage for each row execute function refuse_sim_usage()`);
    await expect(applyNetworkEvents(db, recordingBus().bus, events)).rejects.toThrow();
    await db.execute(sql`drop trigger refuse_sim_usage on sim_usage`);
    await db.execute(sql`drop function refuse_sim_usage()`);
    expect(await spend()).toBe(0);
    expect(await storedDaily([companyB])).not.toHaveProperty(`${companyB}:${sim.simId}:2031-01-10`);

    const first = await applyNetworkEvents(db, recordingBus().bus, events);
    const again = await applyNetworkEvents(db, recordingBus().bus, shuffled(events, seededRandom(5)));
    expect(first.usageRows).toBe(events.length);
    expect(again.usageRows).toBe(0);
    expect(await spend()).toBe(cost);
    const rollupCost = await queryRows<{ c: string }>(db, sql`select coalesce(sum(cost_cents), 0) as c from usage_daily where sim_id = ${sim.simId}`);
    expect(Number(rollupCost[0]?.c)).toBe(cost);
    const legacy = await queryRows<{ n: string }>(db, sql`select count(*) as n from sim_usage where sim_id = ${sim.simId}`);
    expect(Number(legacy[0]?.n)).toBe(events.length);
  });

  it('housekeeping deletes raw records older than 18 months in batches, and keeps the rollups', async () => {
    const company = await createCompany(db, 'Retention Co');
    const [sim] = await createSims(db, company, { count: 1, serialBase: 500, monthSpendCents: 0 });
    if (!sim) throw new Error('no sim');
    const now = new Date('2033-06-15T12:00:00Z');
    const old = makeEvents([sim], 30, 21, 'old').map((e) => shift(e, new Date('2031-12-01T00:00:00Z')));
    const recent = makeEvents([sim], 10, 22, 'recent').map((e) => shift(e, new Date('2032-12-20T00:00:00Z')));
    await recordUsage(db, [...old, ...recent]);
    const rollupsBefore = await storedDaily([company]);
    // Other tests' records of January 2031 are past retention too: the job is not per company.
    const result = await usageHousekeeping(db, now, 1);
    expect(result.raw).toBeGreaterThanOrEqual(old.length);
    expect(HOUSEKEEPING_BATCH).toBeGreaterThan(old.length);
    const left = await queryRows<{ n: string }>(
      db,
      sql`select (select count(*) from usage_sessions where company_id = ${company}) + (select count(*) from usage_events where company_id = ${company}) as n`,
    );
    expect(Number(left[0]?.n)).toBe(recent.length);
    expect(await storedDaily([company])).toEqual(rollupsBefore);
  });
});

/** The same event moved to start at `at` (a session keeps its duration). */
function shift(event: UsageEvent, at: Date): UsageEvent {
  const delta = at.getTime() - DAY0;
  const moved = new Date(event.at.getTime() + delta);
  return event.type === 'data' ? { ...event, at: moved, endedAt: new Date(event.endedAt.getTime() + delta) } : { ...event, at: moved };
}
