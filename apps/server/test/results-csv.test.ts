import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import * as items from '../src/modules/platform/queue/item-repository.js';
import { DEMO_COMPANY, companyIdByName, userByEmail } from './support/db.js';
import { createTestApp, login, type TestApp } from './support/test-app.js';

// A failure reason comes from the network (or an operator's HLR) and an ICCID from a vendor's file:
// either may start like a spreadsheet formula. Both results downloads must neutralise it and quote
// the same way, since they are one file to the user.
const CASES = [
  { iccid: '=8970199000000000001', status: 'fail', reason: 'timeout', cells: `'=8970199000000000001,{msisdn},fail,timeout` },
  {
    iccid: null,
    status: 'fail',
    reason: '=HYPERLINK("http://evil.example","x")',
    cells: `{iccid},{msisdn},fail,"'=HYPERLINK(""http://evil.example"",""x"")"`,
  },
  { iccid: null, status: 'fail', reason: "+cmd|' /C calc'!A0", cells: `{iccid},{msisdn},fail,'+cmd|' /C calc'!A0` },
  { iccid: null, status: 'fail', reason: '-2+3+cmd', cells: `{iccid},{msisdn},fail,'-2+3+cmd` },
  { iccid: '@8970199000000000005', status: 'fail', reason: '@SUM(1,2)', cells: `'@8970199000000000005,{msisdn},fail,"'@SUM(1,2)"` },
  { iccid: null, status: 'fail', reason: 'busy, retry "later"\nline 2', cells: `{iccid},{msisdn},fail,"busy, retry ""later""\nline 2"` },
  { iccid: null, status: 'ok', reason: null, cells: `{iccid},{msisdn},ok,` },
] as const;

let t: TestApp;
let token: string;
let qid: number;
let expectedRows: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'admin@demo.local')).token;
  const companyId = await companyIdByName(t.database.db, DEMO_COMPANY);
  const userId = (await userByEmail(t.database.db, 'admin@demo.local')).id;
  const sims = await queryRows<{ id: number; iccid: string; msisdn: string }>(t.database.db, sql`
    select id::int as id, iccid, msisdn from sims where company_id = ${companyId} order by id limit ${CASES.length}`);
  qid = await items.insertItem(t.database.db, { companyId, userId, reason: 'queue_ping', params: {} });
  expectedRows = [];
  for (const [i, c] of CASES.entries()) {
    const sim = sims[i];
    if (!sim) throw new Error('demo company has too few SIMs');
    const iccid = c.iccid ?? sim.iccid;
    await t.database.db.execute(sql`update sims set iccid = ${iccid} where id = ${sim.id}`);
    await t.database.db.execute(sql`
      insert into queue_results (company_id, queue_id, sim_id, status, reason) values (${companyId}, ${qid}, ${sim.id}, ${c.status}, ${c.reason})`);
    expectedRows.push(c.cells.replace('{iccid}', iccid).replace('{msisdn}', sim.msisdn));
  }
});
afterAll(async () => t.close());

async function download(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

describe('per-SIM results CSV (queue and operation history)', () => {
  it('guards formula-like cells and quotes commas, quotes and line breaks, the same in both downloads', async () => {
    const expected = `\uFEFFICCID,Number,Status,Result\n${expectedRows.join('\n')}\n`;
    expect(await download(`/api/queue/results?qid=${qid}&lang=en`)).toBe(expected);
    expect(await download(`/api/operations/results_csv?qid=${qid}&lang=en`)).toBe(expected);
  });

  it('keeps the operation download filters', async () => {
    const byReason = await download(`/api/operations/results_csv?qid=${qid}&lang=en&status=fail&reason=${encodeURIComponent('@SUM(1,2)')}`);
    expect(byReason).toBe(`\uFEFFICCID,Number,Status,Result\n${expectedRows[4]}\n`);
    const ok = await download(`/api/operations/results_csv?qid=${qid}&lang=ru&status=ok`);
    expect(ok).toBe(`\uFEFFICCID,Номер,Статус,Результат\n${expectedRows[6]}\n`);
  });
});
