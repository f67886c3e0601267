import { SIM_COUNT_CAP } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.js';
import { percentile } from './bench-db.js';
import { latencies } from './load.js';
import type { SeededSims } from './sims-seed.js';

/** One call of the cards list the benches time, and the truth about its total in plain SQL. */
export interface ListShape {
  name: string;
  body: Record<string, unknown>;
  asRoot?: boolean;
  /** count(*) of the matching SIMs, written here, not with the product's filter builder. */
  count: SQL;
  /** A search shape (the growth bench's "search" group). */
  search?: boolean;
  /**
   * Renamed before each call (untimed), so the list never finds the filter's count remembered: a
   * SIM of the big company that no shape's search matches, whichever of two names it has.
   */
  touch?: number;
}

/** What the product's search looks in, spelled out (ICCID, number, name, external id; case-blind). */
export const searched = (text: string) =>
  sql`strpos(iccid || ' ' || msisdn || ' ' || lower(coalesce(name, '')) || ' ' || lower(coalesce(external_id, '')), ${text.toLowerCase()}) > 0`;

/** Every filter, search, deep page and sort of the cards list, over the seeded SIMs. */
export async function listShapes(database: Database, { bigId, parentId }: SeededSims): Promise<ListShape[]> {
  const sample = await queryRows<{ iccid: string; msisdn: string }>(database.db, sql`
    select iccid, msisdn from sims where company_id = ${bigId} order by id limit 1000 offset 5000`);
  const one = sample[0];
  if (!one) throw new Error('no bench SIMs');
  const [group] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from sim_groups where company_id = ${bigId} limit 1`);
  const groupId = group?.id ?? 0;
  const children = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where parent_id = ${parentId}`);
  const family = [parentId, ...children.map((c) => c.id)];
  const csv = sample.map((s, i) => (i % 2 ? s.iccid : `${s.iccid};${s.msisdn}`)).join('\n');
  const iccids = `{${sample.map((s) => s.iccid).join(',')}}`;
  const numbers = `{${sample.filter((_, i) => i % 2 === 0).map((s) => s.msisdn).join(',')}}`;
  const big = (where: SQL = sql`true`) => sql`select count(*) from sims where company_id = ${bigId} and ${where}`;
  const inGroup = sql`id in (select sim_id from sim_group_members where group_id = ${groupId})`;
  const [touched] = await queryRows<{ id: number }>(database.db, sql`
    select id::int as id from sims where company_id = ${bigId} and name like 'Meter %' order by id limit 1`);
  const shapes: ListShape[] = [
    { name: 'no filter', body: {}, count: big() },
    { name: 'profile TC', body: { filter: { profile: 'TC' } }, count: big(sql`profile = 'TC'`) },
    { name: 'blocked', body: { filter: { blocked: 1 } }, count: big(sql`block_type <> 'none'`) },
    { name: 'not blocked', body: { filter: { blocked: 2 } }, count: big(sql`block_type = 'none'`) },
    { name: 'blocked by MSU', body: { filter: { blocked: 3 } }, count: big(sql`block_type = 'msu'`) },
    { name: 'empty name', body: { filter: { empty_name: true } }, count: big(sql`coalesce(name, '') = ''`) },
    { name: 'search: one ICCID (hits 1)', body: { filter: { query: one.iccid.slice(4, 18) } }, count: big(searched(one.iccid.slice(4, 18))), search: true },
    { name: 'search: number prefix (few)', body: { filter: { query: one.msisdn.slice(0, 10) } }, count: big(searched(one.msisdn.slice(0, 10))), search: true },
    { name: 'search: last 4 digits', body: { filter: { query: one.msisdn.slice(-4) } }, count: big(searched(one.msisdn.slice(-4))), search: true },
    { name: 'search: "sensor" (a third)', body: { filter: { query: 'sensor' } }, count: big(searched('sensor')), search: true },
    { name: 'search: "sensor" + TC + blocked', body: { filter: { query: 'sensor', profile: 'TC', blocked: 1 } }, count: big(sql`${searched('sensor')} and profile = 'TC' and block_type <> 'none'`), search: true },
    { name: 'CSV of 1,000 SIMs', body: { filter: { csv } }, count: big(sql`(iccid = any(${iccids}::text[]) or msisdn = any(${numbers}::text[]))`) },
    { name: 'group (every 30th SIM)', body: { filter: { group: groupId } }, count: big(inGroup) },
    { name: 'group, last page', body: { page: 399, filter: { group: groupId } }, count: big(inGroup) },
    { name: 'group + blocked + TC', body: { filter: { group: groupId, blocked: 1, profile: 'TC' } }, count: big(sql`${inGroup} and block_type <> 'none' and profile = 'TC'`) },
    { name: 'MSU + TC', body: { filter: { blocked: 3, profile: 'TC' } }, count: big(sql`block_type = 'msu' and profile = 'TC'`) },
    { name: 'empty name + not blocked + TD', body: { filter: { empty_name: true, blocked: 2, profile: 'TD' } }, count: big(sql`coalesce(name, '') = '' and block_type = 'none' and profile = 'TD'`) },
    { name: 'deep page (last within the cap)', body: { page: SIM_COUNT_CAP / 25 - 1 }, count: big() },
    { name: 'root: all SIMs', body: {}, asRoot: true, count: sql`select count(*) from sims` },
    { name: 'root: parent with children', body: { childs: true, filter: { company: [parentId] } }, asRoot: true, count: sql`select count(*) from sims where company_id = any(${`{${family.join(',')}}`}::bigint[])` },
    { name: 'root: MSU, all companies', body: { filter: { blocked: 3 } }, asRoot: true, count: sql`select count(*) from sims where block_type = 'msu'` },
    { name: 'root: "sensor", all companies', body: { filter: { query: 'sensor' } }, asRoot: true, count: sql`select count(*) from sims where ${searched('sensor')}`, search: true },
  ];
  for (const column of ['iccid', 'msisdn', 'name', 'profile', 'block_type', 'company', 'added']) {
    for (const dir of ['asc', 'desc']) shapes.push({ name: `sort ${column} ${dir}`, body: { sort: { [column]: dir } }, count: big() });
  }
  shapes.push({ name: 'sort name desc + "sensor"', body: { sort: { name: 'desc' }, filter: { query: 'sensor' } }, count: big(searched('sensor')), search: true });
  // The list keeps a filter's count until a SIM it covers changes: each search once more, counted
  // afresh on every call (a new search, or one after a change), beside the repeated one above.
  for (const shape of shapes.filter((s) => s.search)) shapes.push({ ...shape, name: `${shape.name}, count afresh`, touch: touched?.id });
  return shapes;
}

/** What the list should answer as its total: the exact count, or "10000+" beyond the cap. */
export async function expectedTotal(database: Database, shape: ListShape): Promise<string> {
  const [row] = await queryRows<{ count: string }>(database.db, shape.count);
  const exact = Number(row?.count ?? 0);
  return exact > SIM_COUNT_CAP ? `${SIM_COUNT_CAP}+` : String(exact);
}

export interface ShapeFigures {
  shape: ListShape;
  /** Each round's p50 and p95 (ms). */
  p50: number[];
  p95: number[];
  /** The totals the calls answered, and what plain SQL says they should be. */
  answered: string[];
  expected: string;
}

/**
 * Times each shape through the product's HTTP API: `rounds` rounds of `calls` sequential calls from
 * a client process of its own (bench/support/latency-client.mjs), after `warmup` untimed ones.
 */
export async function timeShapes(
  database: Database,
  address: string,
  tokens: { admin: string; root: string },
  shapes: ListShape[],
  { rounds, calls, warmup }: { rounds: number; calls: number; warmup: number },
): Promise<ShapeFigures[]> {
  const figures: ShapeFigures[] = [];
  for (const shape of shapes) {
    const figure: ShapeFigures = { shape, p50: [], p95: [], answered: [], expected: await expectedTotal(database, shape) };
    const request = {
      url: `${address}/api/sims/list?lang=en`,
      headers: { authorization: `Bearer ${shape.asRoot ? tokens.root : tokens.admin}` },
      body: JSON.stringify({ page: 0, size: 25, ...shape.body }),
    };
    for (let round = 0; round < rounds; round++) {
      const between = shape.touch === undefined ? undefined : { url: `${address}/api/sims/update`, bodies: ['Meter touched a', 'Meter touched b'].map((name) => ({ id: shape.touch, name })) };
      const { ms, totals } = await latencies(request, calls, round === 0 ? warmup : 2, between);
      figure.p50.push(percentile(ms, 50));
      figure.p95.push(percentile(ms, 95));
      figure.answered = [...new Set([...figure.answered, ...totals])];
    }
    figures.push(figure);
  }
  return figures;
}
