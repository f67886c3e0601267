import { BLOCK_TYPES, SIM_PROFILES, type BlockType, type SimProfile } from '@cab/contract/constants';
import { ErrorBody } from '@cab/contract/errors';
import { SimListResult, SimRow, type SimListRequest } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { queryRows, type Db } from '../../src/db/client.js';
import { makeIccid } from '../../src/seed/iccid.js';
import { post, type TestApp } from './test-app.js';

/** Demo SIM n (seed/demo.ts): n < 4000 belongs to Demo Logistics LLC, 4000..4999 to its child. */
export const DEMO_OWN_SIMS = 4000;
export const DEMO_ALL_SIMS = 5000;

export interface DemoSim {
  n: number;
  iccid: string;
  msisdn: string;
  name: string | null;
  profile: SimProfile;
  block_type: BlockType;
  msu: number | null;
  package: string | null;
  limit_mb: number | null;
  balance: number | null;
  external_id: string | null;
}

/** The seed blocks SIMs with every block type but financial (the demo companies have money). */
const SEEDED_BLOCK_TYPES = BLOCK_TYPES.filter((type) => type !== 'none' && type !== 'financial');

/** What the seed wrote for SIM n, computed from the seed's rules rather than read back. */
export function demoSim(n: number): DemoSim {
  const profile = SIM_PROFILES[n % 5] ?? 'BK';
  return {
    n,
    iccid: makeIccid(100_000 + n),
    msisdn: `7958${String(1_000_000 + n).padStart(7, '0')}`,
    name: n % 3 === 0 ? null : `Tracker ${String(n + 1).padStart(4, '0')}`,
    profile,
    block_type: n % 8 === 7 ? (SEEDED_BLOCK_TYPES[(n >> 3) % SEEDED_BLOCK_TYPES.length] ?? 'none') : 'none',
    msu: n % 4 === 0 ? 15 : null,
    package: profile === 'TD' ? '1GB/month' : null,
    limit_mb: profile === 'TC' ? 500 : null,
    balance: profile === 'TC' ? 10 : null,
    external_id: n % 5 === 0 ? `EXT-${n}` : null,
  };
}

/** Every SIM of the demo company (without its child). */
export const demoOwnSims: DemoSim[] = Array.from({ length: DEMO_OWN_SIMS }, (_, n) => demoSim(n));

/** The strict list answer: exactly `{ result: { items, total, total_exact } }` with strict rows. */
export const StrictListBody = z.strictObject({
  result: SimListResult.extend({ items: z.array(SimRow.strict()) }).strict(),
});
export type StrictList = z.infer<typeof StrictListBody>['result'];
export const StrictErrorBody = ErrorBody.strict();

export async function listSims(t: TestApp, token: string, body: SimListRequest, lang: 'en' | 'ru' = 'en'): Promise<LightMyRequestResponse> {
  return post(t.app, '/api/sims/list', body, { token, lang });
}

/** Lists and checks the strict shape of a 200 answer. */
export async function listOk(t: TestApp, token: string, body: SimListRequest): Promise<StrictList> {
  const res = await listSims(t, token, body);
  if (res.statusCode !== 200) throw new Error(`sims/list answered ${res.statusCode}: ${res.body}`);
  return StrictListBody.parse(res.json()).result;
}

export async function sqlIds(db: Db, query: SQL): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id));
}

export async function sqlNumber(db: Db, query: SQL): Promise<number> {
  return Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? Number.NaN);
}

/** The database id of demo SIM n (found by its ICCID). */
export async function simIdOf(db: Db, n: number): Promise<number> {
  const [id] = await sqlIds(db, sql`select id::int as id from sims where iccid = ${demoSim(n).iccid}`);
  if (id === undefined) throw new Error(`no demo SIM ${n}`);
  return id;
}

export async function companyId(db: Db, name: string): Promise<number> {
  const [id] = await sqlIds(db, sql`select id::int as id from companies where name = ${name}`);
  if (id === undefined) throw new Error(`no company ${name}`);
  return id;
}

export interface DemoCompanies {
  operator: number;
  agency: number;
  demo: number;
  child: number;
}

export async function demoCompanies(db: Db): Promise<DemoCompanies> {
  return {
    operator: await companyId(db, 'M2M Operator'),
    agency: await companyId(db, 'Sales Agent Petrov'),
    demo: await companyId(db, 'Demo Logistics LLC'),
    child: await companyId(db, 'Demo Logistics North'),
  };
}
