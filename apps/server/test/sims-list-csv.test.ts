import { CSV_FILTER_MAX_IDS, type SimListRequest } from '@cab/contract/sims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWN_SIMS, StrictErrorBody, demoSim, listOk, listSims, simIdOf } from './support/sims.js';
import { createTestApp, login, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => t.close());

const byCsv = (csv: string, extra: Partial<SimListRequest> = {}): SimListRequest => ({ page: 0, size: 500, filter: { csv }, ...extra });
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const idsOf = async (ns: number[]) => sorted(await Promise.all(ns.map((n) => simIdOf(t.database.db, n))));
const listed = async (csv: string, extra: Partial<SimListRequest> = {}) => sorted((await listOk(t, admin, byCsv(csv, extra))).items.map((s) => s.id));

describe('POST /api/sims/list with a CSV filter (spec §5)', () => {
  const iccid = (n: number) => demoSim(n).iccid;
  const msisdn = (n: number) => demoSim(n).msisdn;

  it('reads every format: ICCID;number, number;ICCID, ICCID only, number only', async () => {
    const formats: Array<[string, (n: number) => string, number[]]> = [
      ['ICCID;number', (n) => `${iccid(n)};${msisdn(n)}`, [10, 11, 12]],
      ['number;ICCID', (n) => `${msisdn(n)};${iccid(n)}`, [20, 21]],
      ['ICCID', (n) => iccid(n), [30, 31, 32, 33]],
      ['number', (n) => msisdn(n), [40]],
    ];
    for (const [name, line, ns] of formats) {
      expect(await listed(ns.map(line).join('\n')), name).toEqual(await idsOf(ns));
    }
    // A pair whose ICCID and number belong to different SIMs selects both.
    expect(await listed(`${iccid(50)};${msisdn(51)}`)).toEqual(await idsOf([50, 51]));
  });

  it('takes comma, semicolon, space and tab separators, CRLF, quotes, + and skips a header line', async () => {
    for (const sep of [',', ';', ' ', '\t']) {
      const csv = `ICCID${sep}Number\r\n${iccid(60)}${sep}${msisdn(60)}\r\n"${msisdn(61)}"${sep}+${msisdn(62)}\r\n\r\n`;
      expect(await listed(csv), JSON.stringify(sep)).toEqual(await idsOf([60, 61, 62]));
    }
  });

  it('stays within the company scope and combines with childs', async () => {
    const child = DEMO_OWN_SIMS + 5;
    const csv = [iccid(70), iccid(child), '79990000000'].join('\n');
    expect(await listed(csv)).toEqual(await idsOf([70]));
    expect(await listed(csv, { childs: true })).toEqual(await idsOf([70, child]));
  });

  it('an unknown token answers 400 csv_invalid naming the line, in English and Russian', async () => {
    const csv = `ICCID;number\n${iccid(1)};${msisdn(1)}\n${iccid(2)};not-a-number\n`;
    const en = await listSims(t, admin, byCsv(csv), 'en');
    expect(en.statusCode).toBe(400);
    expect(StrictErrorBody.parse(en.json())).toEqual({ message: 'CSV file, line 3: expected an ICCID, a number or an ICCID;number pair', code: 'csv_invalid' });
    const ru = await listSims(t, admin, byCsv(`${iccid(1)}\n12ab`), 'ru');
    expect(ru.json()).toEqual({ message: 'CSV-файл, строка 2: ожидается ICCID, номер или пара ICCID;номер', code: 'csv_invalid' });
    const three = await listSims(t, admin, byCsv(`${iccid(1)};${msisdn(1)};${msisdn(2)}`));
    expect(three.json()).toMatchObject({ code: 'csv_invalid', message: 'CSV file, line 1: expected an ICCID, a number or an ICCID;number pair' });
  });

  it('no identifier answers csv_empty; more than 100,000 answers csv_too_large', async () => {
    for (const csv of ['\n\n', 'ICCID;number\n', ' \t ; \n']) {
      const res = await listSims(t, admin, byCsv(csv));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The CSV file has no ICCID or number', code: 'csv_empty' });
    }
    const numbers = Array.from({ length: CSV_FILTER_MAX_IDS + 1 }, (_, i) => `7900${String(i).padStart(7, '0')}`);
    const big = await listSims(t, admin, byCsv(numbers.join('\n')), 'ru');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ message: 'В CSV-файле больше 100 000 идентификаторов', code: 'csv_too_large' });
    // Repeats count once: 100,001 lines naming 2 SIMs are fine.
    const repeats = Array.from({ length: CSV_FILTER_MAX_IDS + 1 }, (_, i) => msisdn(80 + (i % 2))).join('\n');
    expect(await listed(repeats)).toEqual(await idsOf([80, 81]));
  });
});

describe('edge cases of the CSV and group filters', () => {
  it('an empty CSV file answers csv_empty instead of listing every SIM', async () => {
    const res = await listSims(t, admin, byCsv(''));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The CSV file has no ICCID or number', code: 'csv_empty' });
  });

  it("filtering by another company's group answers 404", async () => {
    const res = await listSims(t, admin, { page: 0, size: 25, filter: { group: 987_654 } });
    expect(res.statusCode).toBe(404);
  });
});
