import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@cab/contract/errors';
import { Order } from '@cab/contract/orders';
import { StockImportResult, StockLevels, type StockProblem } from '@cab/contract/sim-stock';
import { SimDetail } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSealer } from '../src/auth/sealing.js';
import { queryRows } from '../src/db/client.js';
import { luhnDigit } from '@cab/contract/luhn';
import { readSubscriberKeys } from '../src/modules/network/stock/index.js';
import { TEST_SIM_KEYS_SECRET } from './support/database-snapshot.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const tokens = { root: '', admin: '' };
let demoCompany = 0;
/** Every answer this file got, searched at the end for any key it imported. */
const answers: string[] = [];
const keysSent: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tokens.root = (await login(t.app, 'root@demo.local')).token;
  tokens.admin = (await login(t.app, 'admin@demo.local')).token;
  const [demo] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Demo Logistics LLC'`);
  demoCompany = demo?.id ?? 0;
});
afterAll(async () => t.close());

async function call(path: string, body: unknown, token = tokens.root, lang: 'en' | 'ru' = 'en'): Promise<LightMyRequestResponse> {
  const response = await post(t.app, path, body, { token, lang });
  answers.push(response.body);
  return response;
}

const ImportAnswer = z.strictObject({ result: StockImportResult.strict() });
const ErrorAnswer = ErrorBody.strict();

async function importFile(mode: 'check' | 'import_valid', file: string) {
  const response = await call('/api/tools/sim_stock/import', { mode, file });
  expect(response.statusCode, response.body).toBe(200);
  return ImportAnswer.parse(response.json()).result;
}

async function levels() {
  const response = await call('/api/tools/sim_stock/levels', {});
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ result: StockLevels }).parse(response.json()).result;
}

const hex = () => {
  const key = randomBytes(16).toString('hex');
  keysSent.push(key.toUpperCase());
  return key;
};

/** A valid card of this file's own number range (ICCID with its Luhn digit, IMSI, MSISDN). */
function card(serial: number) {
  const body = `8970188${String(serial).padStart(12, '0')}`;
  return { iccid: body + String(luhnDigit(body)), imsi: `00102${String(serial).padStart(10, '0')}`, msisdn: `7999${String(serial).padStart(8, '0')}` };
}
const milenageRow = (serial: number) => {
  const c = card(serial);
  return `${c.iccid},${c.imsi},${c.msisdn},,${hex()},${hex()}`;
};
const comp128Row = (serial: number) => {
  const c = card(serial);
  return `${c.iccid},${c.imsi},${c.msisdn},${hex()},,`;
};
const HEADER = 'ICCID,IMSI,MSISDN,KI,K,OPC';

async function stockCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sim_stock`);
  return row?.n ?? 0;
}

describe('SIM stock import', () => {
  it('checks without changing anything, then imports only the valid rows, each bad row with its field and reason', async () => {
    const [onSim] = await queryRows<{ iccid: string }>(t.database.db, sql`select iccid from sims order by id limit 1`);
    const [inStock] = await queryRows<{ imsi: string }>(t.database.db, sql`select imsi from sim_stock where sim_id is null order by id limit 1`);
    const badDigit = card(4).iccid.slice(0, -1) + String((Number(card(4).iccid.at(-1)) + 1) % 10);
    const file = [
      HEADER,
      milenageRow(1), // 2
      comp128Row(2), // 3
      milenageRow(3), // 4
      `${badDigit},${card(4).imsi},${card(4).msisdn},${hex()},,`, // 5
      `${card(5).iccid},${card(5).imsi.slice(1)},${card(5).msisdn.slice(0, 8)},,${hex().slice(1)},${hex()}`, // 6
      `${card(6).iccid},${card(6).imsi},${card(6).msisdn},,,`, // 7
      `${card(7).iccid},${card(7).imsi},${card(7).msisdn},${hex()},${hex()},${hex()}`, // 8
      milenageRow(1), // 9: repeats row 2
      `${onSim?.iccid},${card(10).imsi},${card(10).msisdn},${hex()},,`, // 10: a SIM has this ICCID
      `${card(11).iccid},${inStock?.imsi},${card(11).msisdn},${hex()},,`, // 11: a stock card has this IMSI
      '',
    ].join('\r\n');
    const expected: StockProblem[] = [
      { row: 5, field: 'iccid', reason: 'iccid_check_digit' },
      { row: 6, field: 'imsi', reason: 'imsi_format' },
      { row: 6, field: 'msisdn', reason: 'msisdn_format' },
      { row: 6, field: 'k', reason: 'key_format' },
      { row: 7, field: null, reason: 'keys_missing' },
      { row: 8, field: null, reason: 'keys_mixed' },
      { row: 9, field: 'iccid', reason: 'duplicate_in_file', first_row: 2 },
      { row: 9, field: 'imsi', reason: 'duplicate_in_file', first_row: 2 },
      { row: 9, field: 'msisdn', reason: 'duplicate_in_file', first_row: 2 },
      { row: 10, field: 'iccid', reason: 'on_sim' },
      { row: 11, field: 'imsi', reason: 'in_stock' },
    ];
    const before = { count: await stockCount(), levels: await levels() };

    const checked = await importFile('check', file);
    expect(checked).toEqual({ mode: 'check', rows: 10, valid: 3, invalid: 7, problems: expected, problems_total: 11, imported: 0, already_imported: 0 });
    expect(await stockCount()).toBe(before.count);

    const imported = await importFile('import_valid', file);
    expect(imported).toEqual({ ...checked, mode: 'import_valid', imported: 3 });
    const rows = await queryRows<{ iccid: string; auth: string; keys_sealed: string; sim_id: number | null }>(
      t.database.db,
      sql`select iccid, auth, keys_sealed, sim_id from sim_stock where iccid like '8970188%' order by id`,
    );
    expect(rows.map(({ iccid, auth, sim_id }) => ({ iccid, auth, sim_id }))).toEqual([
      { iccid: card(1).iccid, auth: 'milenage', sim_id: null },
      { iccid: card(2).iccid, auth: 'comp128', sim_id: null },
      { iccid: card(3).iccid, auth: 'milenage', sim_id: null },
    ]);
    // Sealed at rest: the stored text holds no key, and opens to the keys in upper-case hex.
    const sealer = createSealer(TEST_SIM_KEYS_SECRET);
    for (const row of rows) expect(keysSent.some((key) => row.keys_sealed.toUpperCase().includes(key))).toBe(false);
    expect(JSON.parse(sealer.open(rows[1]?.keys_sealed ?? '')) as unknown).toEqual({ ki: expect.stringMatching(/^[0-9A-F]{32}$/) as unknown });
    expect(Object.keys(JSON.parse(sealer.open(rows[0]?.keys_sealed ?? '')) as object)).toEqual(['k', 'opc']);

    const after = await levels();
    expect(after.free).toBe(before.levels.free + 3);
    expect(after.total).toBe(after.free + after.allocated);
    expect(after.by_auth.find((level) => level.auth === 'comp128')?.free).toBe((before.levels.by_auth.find((l) => l.auth === 'comp128')?.free ?? 0) + 1);
    expect(after.last_import).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60);
    const [audit] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = 'sim_stock_import'`);
    expect(audit?.n).toBe(1);

    // Importing the file again adds nothing: its valid rows are now in stock.
    const again = await importFile('import_valid', file);
    expect(again).toMatchObject({ valid: 0, imported: 0, problems_total: 11 + 3 * 3 });
    expect(await stockCount()).toBe(before.count + 3);
  });

  it('of ten parallel imports of one file, one adds its rows and the rest add nothing', async () => {
    const file = [HEADER, ...Array.from({ length: 200 }, (_, n) => (n % 2 ? milenageRow(1000 + n) : comp128Row(1000 + n)))].join('\n');
    const before = await stockCount();
    const results = await Promise.all(Array.from({ length: 10 }, () => importFile('import_valid', file)));
    expect(results.reduce((sum, result) => sum + result.imported, 0)).toBe(200);
    expect(results.filter((result) => result.imported > 0)).toHaveLength(1);
    expect(await stockCount()).toBe(before + 200);
  });

  it('refuses a file without a header, or over 100,000 rows, with a localized message; only root imports', async () => {
    const headless = await call('/api/tools/sim_stock/import', { mode: 'check', file: `${comp128Row(50)}\n` });
    expect(headless.statusCode).toBe(422);
    expect(ErrorAnswer.parse(headless.json())).toMatchObject({ code: 'stock_file_header', message: expect.stringContaining('missing or extra: #1, #2') as unknown });
    const row = `${card(60).iccid},${card(60).imsi},${card(60).msisdn},${hex()}\n`;
    const tooLong = await call('/api/tools/sim_stock/import', { mode: 'check', file: 'ICCID,IMSI,MSISDN,KI\n' + row.repeat(100_001) }, tokens.root, 'ru');
    expect(tooLong.statusCode).toBe(413);
    expect(ErrorAnswer.parse(tooLong.json())).toEqual({ code: 'stock_file_too_many_rows', message: 'В файле больше 100 000 строк SIM-карт: разделите его на части' });
    expect((await call('/api/tools/sim_stock/import', { mode: 'check', file: HEADER }, tokens.admin)).statusCode).toBe(403);
    expect((await call('/api/tools/sim_stock/levels', {}, tokens.admin)).statusCode).toBe(403);
  });
});

const OrderAnswer = z.object({ result: Order });

async function paidOrder(count: number): Promise<Order> {
  const created = await call('/api/orders/create', { company_id: demoCompany, count, contact: 'Anna, +79990001122', address: 'Moscow' }, tokens.admin);
  expect(created.statusCode, created.body).toBe(200);
  const order = OrderAnswer.parse(created.json()).result;
  expect((await call('/api/bills/mark_paid', { id: order.bill_id })).statusCode).toBe(200);
  return order;
}
const complete = (id: number) => call('/api/orders/status', { id, status: 3 });
const getOrder = async (id: number, token: string) => OrderAnswer.parse((await call('/api/orders/get', { id }, token)).json()).result;

describe('orders take their SIMs from stock', () => {
  it('a short stock keeps the order in work with the reason shown; after an import it completes with the cards’ IMSIs and keys', async () => {
    const { free } = await levels();
    const needed = (Math.floor(free / 50) + 1) * 50;
    const order = await paidOrder(needed);
    const short = await complete(order.id);
    expect(short.statusCode).toBe(409);
    expect(ErrorAnswer.parse(short.json())).toEqual({
      code: 'stock_short',
      message: `The SIM stock has ${free} free cards and the order needs ${needed}: the order stays in work until the stock is filled`,
    });
    expect(await getOrder(order.id, tokens.admin)).toMatchObject({ status: 2, waiting_reason: 'stock_short' });
    const rootList = z.object({ result: z.object({ items: z.array(Order) }) }).parse((await call('/api/orders/list', { page: 0, size: 50 })).json());
    expect(rootList.result.items.find((o) => o.id === order.id)?.waiting_reason).toBe('stock_short');
    expect((await levels()).free).toBe(free);

    const missing = needed - free;
    const file = [HEADER, ...Array.from({ length: missing }, (_, n) => (n % 2 ? comp128Row(5000 + n) : milenageRow(5000 + n)))].join('\n');
    expect((await importFile('import_valid', file)).imported).toBe(missing);
    const done = await complete(order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(OrderAnswer.parse(done.json()).result).toMatchObject({ status: 3, waiting_reason: null });
    expect((await levels()).free).toBe(0);

    // The cards imported last became SIMs of the company, each with its card's ICCID, IMSI and MSISDN.
    const iccids = Array.from({ length: missing }, (_, n) => card(5000 + n).iccid);
    const mine = await queryRows<{ id: number }>(
      t.database.db,
      sql`select s.id::int as id from sims s join sim_stock t on t.sim_id = s.id
          where t.iccid = any(${`{${iccids.join(',')}}`}::text[]) and s.iccid = t.iccid and s.imsi = t.imsi and s.msisdn = t.msisdn
            and s.company_id = ${demoCompany} order by s.id`,
    );
    expect(mine).toHaveLength(missing);
    const sim = await call('/api/sims/get', { id: mine[0]?.id }, tokens.admin);
    expect(z.object({ result: SimDetail }).parse(sim.json()).result.imsi).toBe(card(5000).imsi);

    // The HLR adapter's view: the keys opened, exactly as imported.
    const keys = await readSubscriberKeys(t.database.db, createSealer(TEST_SIM_KEYS_SECRET), mine.slice(0, 2).map((s) => s.id));
    const [first, second] = file.split('\n').slice(1, 3).map((line) => line.split(','));
    expect(keys).toEqual([
      { simId: mine[0]?.id, iccid: first?.[0], imsi: first?.[1], msisdn: first?.[2], auth: 'milenage', k: first?.[4]?.toUpperCase(), opc: first?.[5]?.toUpperCase() },
      { simId: mine[1]?.id, iccid: second?.[0], imsi: second?.[1], msisdn: second?.[2], auth: 'comp128', ki: second?.[3]?.toUpperCase() },
    ]);
  });

  it('of ten parallel completions of one order, one allocates its SIMs', async () => {
    const file = [HEADER, ...Array.from({ length: 50 }, (_, n) => milenageRow(7000 + n))].join('\n');
    expect((await importFile('import_valid', file)).imported).toBe(50);
    const order = await paidOrder(50);
    const before = await levels();
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => complete(order.id)))).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const after = await levels();
    expect(after.allocated - before.allocated).toBe(50);
    expect(after.free).toBe(before.free - 50);
  });

  it('no answer carried a key', () => {
    expect(answers.length).toBeGreaterThan(30);
    expect(keysSent.length).toBeGreaterThan(400);
    const leaked = answers.map((body) => body.toUpperCase()).filter((body) => keysSent.some((key) => body.includes(key)));
    expect(leaked).toEqual([]);
  });
});
