import { CSV_MISSING_SHOWN, type SimListRequest } from '@cab/contract/sims';
import { SIM_LABELS_PER_SIM } from '@cab/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simIdsWithLabel } from '../src/modules/sims/labels/index.js';
import { demoCompanies, demoSim, listOk, listSims, simIdOf, sqlIds, type DemoCompanies } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
let root: string;
let companies: DemoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
  companies = await demoCompanies(t.database.db);
});
afterAll(async () => t.close());

const add = (id: number, label: string, token = admin, lang: 'en' | 'ru' = 'en') => post(t.app, '/api/sims/labels/add', { id, label }, { token, lang });
const remove = (id: number, label: string, token = admin) => post(t.app, '/api/sims/labels/remove', { id, label }, { token });
const labelsOf = async (id: number) => (await post(t.app, '/api/sims/get', { id }, { token: admin })).json<{ result: { labels: string[] } }>().result.labels;

describe('SIM labels (issue 25.6)', () => {
  it('adds and removes labels, trimmed, in order, once each; the SIM page and the list show them', async () => {
    const id = await simIdOf(t.database.db, 1);
    expect((await add(id, '  north ')).json()).toEqual({ result: { id, labels: ['north'] } });
    expect((await add(id, 'GPS tracker')).json()).toEqual({ result: { id, labels: ['GPS tracker', 'north'] } });
    expect((await add(id, 'north')).json()).toEqual({ result: { id, labels: ['GPS tracker', 'north'] } });
    expect(await labelsOf(id)).toEqual(['GPS tracker', 'north']);
    const listed = await listOk(t, admin, { page: 0, size: 5, filter: { query: demoSim(1).iccid } });
    expect(listed.items.map((row) => row.labels)).toEqual([['GPS tracker', 'north']]);
    expect((await remove(id, 'north')).json()).toEqual({ result: { id, labels: ['GPS tracker'] } });
    expect((await remove(id, 'north')).json()).toEqual({ result: { id, labels: ['GPS tracker'] } });
    const known = await post(t.app, '/api/sims/labels/list', {}, { token: viewer });
    expect(known.json()).toEqual({ result: { items: ['GPS tracker'] } });
  });

  it('refuses a too long or badly written label, and more than the bound per SIM, in English and Russian; nothing changes', async () => {
    const id = await simIdOf(t.database.db, 2);
    for (const bad of ['x'.repeat(33), '', '   ', 'a,b', 'a;b', 'a|b', '-start', '<b>']) {
      const answer = await add(id, bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json<{ code: string; fields: Record<string, string> }>(), bad).toMatchObject({ code: 'validation_failed' });
      expect(Object.keys(answer.json<{ fields: Record<string, string> }>().fields), bad).toEqual(['label']);
    }
    for (let n = 0; n < SIM_LABELS_PER_SIM; n++) expect((await add(id, `l${n}`)).statusCode).toBe(200);
    const en = await add(id, 'one more');
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({ code: 'sim_labels_too_many', message: 'At most 10 labels per SIM card and 500 per company' });
    const ru = await add(id, 'one more', admin, 'ru');
    expect(ru.json()).toMatchObject({ code: 'sim_labels_too_many', message: 'Не больше 10 меток на SIM-карте и 500 в компании' });
    expect(await labelsOf(id)).toHaveLength(SIM_LABELS_PER_SIM);
  });

  it('ten parallel additions of new labels to a full-but-one SIM: exactly one lands', async () => {
    const id = await simIdOf(t.database.db, 3);
    for (let n = 0; n < SIM_LABELS_PER_SIM - 1; n++) await add(id, `p${n}`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => add(id, `race ${n}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(9);
    expect(await labelsOf(id)).toHaveLength(SIM_LABELS_PER_SIM);
  });

  it("keeps to the company: another company's SIM answers 404, a viewer may not label, and a SIM that moves leaves its labels", async () => {
    const id = await simIdOf(t.database.db, 4);
    await add(id, 'moving');
    await t.database.db.execute(sql`update sims set company_id = ${companies.operator} where id = ${id}`);
    expect((await add(id, 'x')).statusCode).toBe(404);
    expect((await remove(id, 'moving')).statusCode).toBe(404);
    expect(await simIdsWithLabel(t.database.db, companies.demo, 'moving')).toEqual([]);
    expect(await sqlIds(t.database.db, sql`select sim_id::int as id from sim_labels where sim_id = ${id}`)).toEqual([]);
    // Root labels it in its new company; the demo company does not see that label.
    expect((await add(id, 'operator only', root)).statusCode).toBe(200);
    expect((await post(t.app, '/api/sims/labels/list', {}, { token: admin })).json<{ result: { items: string[] } }>().result.items).not.toContain('operator only');
    await t.database.db.execute(sql`update sims set company_id = ${companies.demo} where id = ${id}`);
    expect((await add(await simIdOf(t.database.db, 5), 'x', viewer)).statusCode).toBe(403);
  });

  it('the list filters by label, counts them, and the public helper answers the same SIMs', async () => {
    const ids = await Promise.all([10, 11, 12].map((n) => simIdOf(t.database.db, n)));
    for (const id of ids) await add(id, 'pump');
    const filter = { label: 'pump' };
    const page = await listOk(t, admin, { page: 0, size: 50, filter });
    expect(page.items.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(page.total).toBe(3);
    const blocked = await listOk(t, admin, { page: 0, size: 50, filter: { ...filter, profile: demoSim(10).profile } });
    expect(blocked.items.map((row) => row.id)).toEqual([ids[0]]);
    expect(await simIdsWithLabel(t.database.db, companies.demo, 'pump')).toEqual([...ids].sort((a, b) => a - b));
    expect((await listSims(t, admin, { page: 0, size: 5, filter: { label: 'a;b' } })).statusCode).toBe(400);
  });
});

describe('the CSV filter says what it did not find (issue 25.9)', () => {
  const byCsv = (csv: string): SimListRequest => ({ page: 0, size: 50, filter: { csv } });

  it('20 lines in, 19 found: the answer names the missing line; the download has them all', async () => {
    const lines = Array.from({ length: 19 }, (_, n) => demoSim(100 + n).iccid);
    lines.splice(7, 0, '89701999999999999999');
    const csv = `ICCID\n${lines.join('\n')}`;
    const page = await listOk(t, admin, byCsv(csv));
    expect(page.total).toBe(19);
    expect(page.csv_missing).toEqual({ count: 1, lines: [{ line: 9, text: '89701999999999999999' }] });
    const all = await post(t.app, '/api/sims/csv_missing', { filter: { csv } }, { token: admin });
    expect(all.json()).toEqual({ result: { lines: [{ line: 9, text: '89701999999999999999' }] } });
  });

  it("counts another company's SIM and a pair matching nothing as not found, and bounds the lines in the answer", async () => {
    const other = `${demoSim(4001).iccid};${demoSim(4001).msisdn}`;
    const unknown = Array.from({ length: CSV_MISSING_SHOWN + 5 }, (_, n) => `7999${String(n).padStart(7, '0')}`);
    const csv = [demoSim(1).msisdn, other, ...unknown].join('\n');
    const page = await listOk(t, admin, byCsv(csv));
    expect(page.total).toBe(1);
    expect(page.csv_missing?.count).toBe(CSV_MISSING_SHOWN + 6);
    expect(page.csv_missing?.lines).toHaveLength(CSV_MISSING_SHOWN);
    expect(page.csv_missing?.lines[0]).toEqual({ line: 2, text: other });
    const all = (await post(t.app, '/api/sims/csv_missing', { filter: { csv } }, { token: admin })).json<{ result: { lines: unknown[] } }>();
    expect(all.result.lines).toHaveLength(CSV_MISSING_SHOWN + 6);
    // Without a CSV filter the list says nothing of it.
    expect((await listOk(t, admin, { page: 0, size: 1 })).csv_missing).toBeUndefined();
  });
});
