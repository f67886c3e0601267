import type { ReportQuery } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../src/auth/principal.js';
import { fileBody } from '../../src/modules/platform/generated-reports/writers.js';
import type { OpenedSource } from '../../src/modules/platform/generated-reports/sources.js';
import { reportColumns, reportCsvLines, reportRows } from '../../src/modules/sims/reports/rows.js';
import { prepareReport } from '../../src/modules/sims/reports/service.js';
import { demoCompanies, demoSim, simIdOf, type DemoCompanies } from '../support/sims.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * Big CSV files take their lines from the database (reports/csv-lines-repository.ts). They must be the very
 * lines the CSV writer makes of the same rows: tricky texts (formula starts, quotes, commas, line
 * breaks, spaces around, number-like phone numbers, Cyrillic), fractional seconds, cents.
 */

let t: TestApp;
let c: DemoCompanies;
const DAY = '2031-05-10';
const TRICKY = ['=cmd|x', '+7 (900) 123-45-67', '-12', '@SUM(A1)', 'a "quoted" word', 'one, two', 'line\nbreak', ' padded ', 'Москва', '250-01', '', '-', '\tTab'];

beforeAll(async () => {
  t = await createTestApp();
  c = await demoCompanies(t.database.db);
  const sims = [await simIdOf(t.database.db, 0), await simIdOf(t.database.db, 1), await simIdOf(t.database.db, 4999)];
  const db = t.database.db;
  for (const [i, text] of TRICKY.entries()) {
    const simId = sims[i % 2] as number;
    const started = `${DAY}T${String(i).padStart(2, '0')}:00:0${i % 10}.${i % 2 === 0 ? '4' : '6'}Z`;
    const ended = `${DAY}T${String(i).padStart(2, '0')}:59:59.${i % 3 === 0 ? '5' : '2'}Z`;
    await db.execute(sql`
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
      values (${c.demo}, ${simId}, ${`lines:s${i}`}, ${started}, ${ended}, ${i * 1000}, ${i * 7919}, ${text}, ${text || 'x'}, ${TRICKY[(i + 3) % TRICKY.length]}, ${[0, 1, 7, 29, 150, 12345, 99][i % 7]})`);
    await db.execute(sql`
      insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
      values (${c.demo}, ${simId}, ${`lines:e${i}`}, ${i % 2 ? 'sms' : 'call'}, ${i % 3 ? 'in' : 'out'}, ${text}, ${started}, ${i * 13}, ${text}, 'RU', ${[3, 0, 16, 8][i % 4]})`);
  }
  // A record of the child company's SIM, and one of a SIM no longer the company's (left out by both).
  await db.execute(sql`
    insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
    values (${c.child}, ${sims[2]}, 'lines:child', ${`${DAY}T03:00:00Z`}, ${`${DAY}T03:00:30Z`}, 1, 2, '2G', '250-02', 'RU', 1),
           (${c.demo}, 999999999, 'lines:gone', ${`${DAY}T04:00:00Z`}, ${`${DAY}T04:00:30Z`}, 1, 2, '2G', '250-02', 'RU', 1)`);
});
afterAll(async () => t.close());

const manager = (): Principal => ({ kind: 'user', role: 'manager', companyId: c.demo, userId: 1, companyBlocked: false }) as never;

async function fileText(request: ReportQuery, withDatabaseLines: boolean, batchRows: number): Promise<string> {
  const { scope } = await prepareReport(t.database.db, manager(), request);
  const source: OpenedSource = {
    columns: reportColumns(request.kind).map((col) => ({
      key: col.key,
      header: col.title,
      type: col.type === 'datetime' ? 'datetime' : col.type === 'text' ? 'text' : 'integer',
    })),
    count: () => Promise.resolve(0),
    rows: () => reportRows(t.database.db, scope, request, batchRows),
    ...(withDatabaseLines ? { csvLines: () => reportCsvLines(t.database.db, scope, request, batchRows) } : {}),
  };
  const file = fileBody('csv', source, 'ru', () => Promise.resolve());
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const requests: Array<[string, ReportQuery]> = [
  ['sessions of the company and its child', { kind: 'sessions', filter: { company: [], childs: true }, from: DAY, to: DAY, page: 0, size: 25 } as never],
  ['sessions of a CSV of SIMs (joined)', { kind: 'sessions', filter: { company: [], csv: `${demoSim(0).iccid}\n${demoSim(4999).iccid}`, childs: true }, from: DAY, to: DAY, page: 0, size: 25 } as never],
  ['calls and SMS', { kind: 'call_sms', filter: { company: [] }, from: DAY, to: DAY, page: 0, size: 25 } as never],
  ['incoming SMS only, searched', { kind: 'call_sms', filter: { company: [], query: demoSim(1).iccid.slice(-6) }, from: DAY, to: DAY, type: 'sms', direction: 'in', page: 0, size: 25 } as never],
];

describe('CSV lines made by the database', () => {
  for (const [title, request] of requests) {
    it(`equal the CSV writer's lines: ${title}`, async () => {
      const filled = { ...request, filter: { ...request.filter, company: [c.demo] } } as ReportQuery;
      const expected = await fileText(filled, false, 4);
      const fromDatabase = await fileText(filled, true, 4);
      expect(expected.split('\r\n').length).toBeGreaterThan(2);
      expect(fromDatabase).toBe(expected);
    });
  }

  it('writes the tricky texts as a spreadsheet needs them', async () => {
    const request = { kind: 'call_sms', filter: { company: [c.demo] }, from: DAY, to: DAY, page: 0, size: 25 } as ReportQuery;
    const text = await fileText(request, true, 100);
    expect(text).toContain(`,'=cmd|x,`);
    expect(text).toContain(',+7 (900) 123-45-67,');
    expect(text).toContain(`,"a ""quoted"" word",`);
    expect(text).toContain(',"one, two",');
    expect(text).toContain(',"line\nbreak",');
    expect(text).toContain(',Москва,');
    expect(text).toContain(`,'\tTab,`);
  });

  it("reads the next batch's records while this batch's SIMs are named, for the file's rows and its lines", async () => {
    const dialect = new PgDialect();
    const db = t.database.db;
    const execute = db.execute.bind(db);
    const steps: string[] = [];
    const spy = vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
      const text = dialect.sqlToQuery(query).sql;
      const what = text.includes('usage_') ? 'records' : text.includes('from sims') ? 'sims' : null;
      // Once: drizzle's query runs again on each `then`, so the caller and the log share one promise.
      const read = Promise.resolve(execute(query));
      if (what) {
        steps.push(`${what} asked`);
        void read.then(() => steps.push(`${what} read`), () => undefined);
      }
      return read;
    }) as unknown as typeof db.execute);
    try {
      for (const kind of ['sessions', 'call_sms'] as const) {
        const request = { kind, filter: { company: [c.demo] }, from: DAY, to: DAY, page: 0, size: 25 } as ReportQuery;
        const { scope } = await prepareReport(db, manager(), request);
        for (const read of [() => reportRows(db, scope, request, 4), () => reportCsvLines(db, scope, request, 4)]) {
          steps.length = 0;
          for await (const batch of read()) expect(batch.length).toBeGreaterThan(0);
          // The second batch's records are asked for before the first batch's SIMs are read.
          const secondRecords = steps.indexOf('records asked', steps.indexOf('records asked') + 1);
          expect(secondRecords, steps.join(', ')).toBeGreaterThan(0);
          expect(secondRecords, steps.join(', ')).toBeLessThan(steps.indexOf('sims read'));
        }
      }
    } finally {
      spy.mockRestore();
    }
  });
});
