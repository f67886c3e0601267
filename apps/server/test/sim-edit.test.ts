import { SimEditLinesResult, SimEditStartResult } from '@cab/contract/sim-edit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { parseSimEditFile } from '../src/modules/sims/edit/parse.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { queueRunner } from './support/queue-runner.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/**
 * Bulk edit from a CSV file (issue 25.6): the file's header and bounds, each line's result (set, an
 * ICCID no SIM has, another company's SIM, a value not allowed, a SIM named twice), the queue item
 * that sets names, external ids and labels, and the per-line results as a page and as CSV.
 */
let t: TestApp;
let admin: string;
let viewer: string;
let demo: number;
let deps: QueueRunnerDeps;

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  deps = queueRunner(t);
}, 60_000);
afterAll(async () => t.close());

let taken = 0;
async function demoSims(count: number): Promise<Array<{ id: number; iccid: string }>> {
  const rows = await queryRows<{ id: number; iccid: string }>(t.database.db, sql`
    select id::int as id, iccid from sims where company_id = ${demo} order by id desc offset ${taken} limit ${count}`);
  taken += count;
  return rows;
}

const start = (file: string, token = admin) => post(t.app, '/api/sims/edit/start', { file }, { token });

async function startAndRun(file: string): Promise<SimEditStartResult> {
  const res = await start(file);
  expect(res.statusCode, res.body).toBe(200);
  const started = SimEditStartResult.parse(res.json<{ result: unknown }>().result);
  await runQueueItem(deps, { companyId: demo, queueId: started.qid });
  return started;
}

const simRow = async (id: number) => {
  const [row] = await queryRows<{ name: string | null; external_id: string | null }>(t.database.db, sql`select name, external_id from sims where id = ${id}`);
  const labels = await queryRows<{ label: string }>(t.database.db, sql`select label from sim_labels where sim_id = ${id} order by label`);
  return { ...row, labels: labels.map((l) => l.label) };
};

describe('the file', () => {
  it('reads ; or , separated lines with quoted cells, - to clear and | between labels', () => {
    const lines = parseSimEditFile('\uFEFFiccid,Name,external-id,LABELS\r\n8970199000000000013,"Pump, north",-,gps|north | gps\n\n8970199000000000021,,,-\n');
    expect(lines).toEqual([
      { line: 2, iccid: '8970199000000000013', name: 'Pump, north', externalId: '', labels: ['gps', 'north'] },
      { line: 4, iccid: '8970199000000000021', name: undefined, externalId: undefined, labels: [] },
    ]);
  });

  it('marks each line with the value it cannot take', () => {
    const lines = parseSimEditFile(
      ['ICCID;NAME;LABELS', '12;x;', `8970199000000000013;${'n'.repeat(101)};`, '8970199000000000013;;a;b', '8970199000000000013;;bad,label', `8970199000000000013;;${Array.from({ length: 11 }, (_, i) => `l${i}`).join('|')}`].join('\n'),
    );
    expect(lines.map((l) => l.invalid)).toEqual(['iccid_format', 'name_too_long', 'line_columns', 'labels_format', 'labels_too_many']);
  });

  it('refuses a wrong header, an empty file and one too long whole, starting nothing', async () => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo}`);
    const cases: Array<[string, number, string]> = [
      ['NAME;LABELS\nx;y', 422, 'sim_edit_header'],
      ['ICCID\n8970199000000000013', 422, 'sim_edit_header'],
      ['ICCID;NAME;COLOUR\n8970199000000000013;x;red', 422, 'sim_edit_header'],
      ['ICCID;NAME;NAME\n8970199000000000013;x;y', 422, 'sim_edit_header'],
      ['ICCID;NAME\n', 422, 'sim_edit_empty'],
      [`ICCID;NAME\n${'8970199000000000013;x\n'.repeat(50_001)}`, 413, 'sim_edit_too_many_lines'],
      ['ICCID;NAME\n8900000000000000000;nobody', 422, 'sim_edit_nothing_matched'],
    ];
    for (const [file, status, code] of cases) {
      const res = await start(file);
      expect(res.statusCode, file.slice(0, 40)).toBe(status);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({ code });
    }
    const ru = await post(t.app, '/api/sims/edit/start', { file: 'NAME\nx' }, { token: admin, lang: 'ru' });
    expect(ru.json<{ message: string }>().message, ru.body).toContain('Первая строка файла должна называть столбец ICCID');
    expect((await post(t.app, '/api/sims/edit/start', { file: 'x'.repeat(16 * 1024 * 1024 + 1) }, { token: admin })).statusCode).toBe(400);
    expect((await start('ICCID;NAME\n8970199000000000013;x', viewer)).statusCode).toBe(403);
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo}`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('a run', () => {
  it('sets each line and says why it left the others out, line by line', async () => {
    const [a, b, c] = await demoSims(3);
    // A SIM of a company outside Demo's tree (the seed's other companies are its children).
    const [foreign] = await queryRows<{ iccid: string }>(t.database.db, sql`
      with other as (insert into companies (name, tax_number, contract, billing_type) values ('Edit Other Co', '9900000888', 'X-8', 1) returning id)
      insert into sims (company_id, iccid, msisdn, profile) select id, '8970199000000099991', '79990000991', 'BK' from other returning iccid`);
    await t.database.db.execute(sql`update sims set name = 'old name', external_id = 'old-ext' where id = ${c!.id}`);
    await t.database.db.execute(sql`insert into sim_labels (company_id, label, sim_id) values (${demo}, 'stale', ${c!.id}) on conflict do nothing`);
    const file = [
      'ICCID;NAME;EXTERNAL_ID;LABELS',
      `${a!.iccid};Pump 1;EXT-1;north|gps`,
      `${b!.iccid};"Pump; two";;`,
      '8900000000000000000;Nobody;;',
      `${foreign!.iccid};Stolen;;`,
      `${a!.iccid};Again;;`,
      `${c!.iccid};-;-;-`,
      'not-an-iccid;x;;',
    ].join('\n');
    const started = await startAndRun(file);
    expect(started.count).toBe(3);
    expect(started.counts).toMatchObject({ lines: 7, pending: 3, unknown_iccid: 1, other_company: 1, duplicate: 1, invalid: 1 });

    expect(await simRow(a!.id)).toEqual({ name: 'Pump 1', external_id: 'EXT-1', labels: ['gps', 'north'] });
    expect((await simRow(b!.id)).name).toBe('Pump; two');
    expect(await simRow(c!.id)).toEqual({ name: null, external_id: null, labels: [] });

    const page = await post(t.app, '/api/sims/edit/lines', { qid: started.qid, show: 'problems' }, { token: viewer });
    expect(page.statusCode, page.body).toBe(200);
    const lines = SimEditLinesResult.parse(page.json<{ result: unknown }>().result);
    expect(lines.counts).toMatchObject({ lines: 7, ok: 3, pending: 0 });
    expect(lines.items.map((l) => [l.line, l.status, l.reason])).toEqual([
      [4, 'unknown_iccid', null],
      [5, 'other_company', null],
      [6, 'duplicate', null],
      [8, 'invalid', 'iccid_format'],
    ]);
    const [item] = await queryRows<{ state: string; ok: number; fail: number }>(t.database.db, sql`
      select state, ok, fail from queue_items where company_id = ${demo} and id = ${started.qid}`);
    expect(item).toEqual({ state: 'done', ok: 3, fail: 0 });

    const csv = await t.app.inject({ method: 'GET', url: `/api/sims/edit/lines_csv?qid=${started.qid}&lang=en`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(rows[0]).toBe('Line,ICCID,Result,Reason');
    expect(rows).toHaveLength(8);
    expect(rows).toContain('4,8900000000000000000,No SIM card has this ICCID,');
    expect(rows).toContain('8,not-an-iccid,Value not allowed,An ICCID is 18 to 20 digits');
  });

  it('another company cannot read the lines; a retry has nothing to take', async () => {
    const [sim] = await demoSims(1);
    const started = await startAndRun(`ICCID;NAME\n${sim!.iccid};Solo`);
    const other = (await login(t.app, 'agent@demo.local')).token;
    expect((await post(t.app, '/api/sims/edit/lines', { qid: started.qid }, { token: other })).statusCode).toBe(404);
    const retry = await post(t.app, '/api/operations/retry', { qid: started.qid }, { token: admin });
    expect(retry.json<{ code: string }>().code).toBe('nothing_to_retry');
    const create = await post(t.app, '/api/queue/create', { reason: 'queue_sim_edit', selection: { ids: [sim!.id] } }, { token: admin });
    expect(create.statusCode).toBe(400);
  });

  it('ten parallel starts of one file: each item reports what it did — one sets the SIM, the rest find it unchanged', async () => {
    const [sim] = await demoSims(1);
    const file = `ICCID;NAME;LABELS\n${sim!.iccid};Parallel;p1|p2`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(file)));
    const started = answers.filter((res) => res.statusCode === 200).map((res) => SimEditStartResult.parse(res.json<{ result: unknown }>().result));
    // The company's limit of running operations may refuse some (429); none half-starts.
    for (const res of answers) expect([200, 429]).toContain(res.statusCode);
    expect(started.length).toBeGreaterThan(1);
    for (const s of started) await runQueueItem(deps, { companyId: demo, queueId: s.qid });
    expect(await simRow(sim!.id)).toMatchObject({ name: 'Parallel', labels: ['p1', 'p2'] });
    const statuses = await queryRows<{ status: string; n: number }>(t.database.db, sql`
      select status, count(*)::int as n from sim_edit_lines where company_id = ${demo} and queue_id = any(${`{${started.map((s) => s.qid).join(',')}}`}::bigint[]) group by status order by status`);
    expect(statuses).toEqual([{ status: 'ok', n: 1 }, { status: 'unchanged', n: started.length - 1 }]);
    // On Operations the same: one done, the others 'sim_unchanged', which a retry does not take again.
    const outcomes = await queryRows<{ status: string; reason: string | null; n: number }>(t.database.db, sql`
      select status, reason, count(*)::int as n from queue_results where company_id = ${demo} and queue_id = any(${`{${started.map((s) => s.qid).join(',')}}`}::bigint[])
      group by status, reason order by status, reason`);
    expect(outcomes).toEqual([{ status: 'ok', reason: null, n: 1 }, { status: 'unchanged', reason: 'sim_unchanged', n: started.length - 1 }]);
    const orphans = await queryRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from sim_edit_lines l where l.company_id = ${demo} and not exists (select 1 from queue_items q where q.company_id = l.company_id and q.id = l.queue_id)`);
    expect(orphans[0]?.n).toBe(0);
  });

  it('ten parallel starts with one Idempotency-Key start one item; the others get its answer or wait their turn', async () => {
    const [sim] = await demoSims(1);
    const file = `ICCID;NAME\n${sim!.iccid};Once`;
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo} and reason = 'queue_sim_edit'`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t.app, '/api/sims/edit/start', { file }, { token: admin, headers: { 'idempotency-key': `edit-${sim!.id}` } })));
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const qids = new Set(answers.filter((res) => res.statusCode === 200).map((res) => SimEditStartResult.parse(res.json<{ result: unknown }>().result).qid));
    expect(qids.size).toBe(1);
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo} and reason = 'queue_sim_edit'`);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
  });
});
