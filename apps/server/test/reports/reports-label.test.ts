import { DayReportResult } from '@cab/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/network/events.js';
import { recordUsage } from '../../src/modules/sims/usage/records-repository.js';
import { demoCompanies, simIdOf } from '../support/sims.js';
import { createTestApp, login, post, type TestApp } from '../support/test-app.js';

/* Issue 25.6: a report's SIM filter takes a label, as the cards filter does. */

let t: TestApp;
let manager: string;
let labelled: number;

const DAY = '2031-04-01';
const at = (time: string) => new Date(`${DAY}T${time}Z`);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  const { demo } = await demoCompanies(t.database.db);
  labelled = await simIdOf(t.database.db, 20);
  const other = await simIdOf(t.database.db, 21);
  const base = { companyId: demo, operator: '250-01', country: 'RU', type: 'data' as const, rat: '4G' };
  const events: UsageEvent[] = [
    { ...base, simId: labelled, key: 'l1', at: at('10:00:00'), endedAt: at('10:00:10'), bytes: 700, bytesUp: 300, bytesDown: 400, costCents: 2 },
    { ...base, simId: other, key: 'o1', at: at('11:00:00'), endedAt: at('11:00:10'), bytes: 5000, bytesUp: 1000, bytesDown: 4000, costCents: 9 },
  ];
  await recordUsage(t.database.db, events);
  const added = await post(t.app, '/api/sims/labels/add', { id: labelled, label: 'meters' }, { token: manager });
  expect(added.statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('reports filtered by label', () => {
  it("sums only the label's SIMs; a label alone is a filter; an unknown label sums nothing; a bad one is refused", async () => {
    const day = async (filter: unknown) => {
      const answer = await post(t.app, '/api/reports/day', { filter, from: DAY, to: DAY }, { token: manager });
      expect(answer.statusCode, answer.body).toBe(200);
      return DayReportResult.parse(answer.json<{ result: unknown }>().result);
    };
    const byLabel = await day({ label: 'meters' });
    expect(byLabel.totals).toMatchObject({ bytes: 700, bytes_up: 300, bytes_down: 400, sessions: 1, cost: 0.02 });
    expect((await day({ label: 'nobody has it' })).totals).toMatchObject({ bytes: 0, sessions: 0 });
    const bad = await post(t.app, '/api/reports/day', { filter: { label: 'a;b' }, from: DAY, to: DAY }, { token: manager });
    expect(bad.statusCode).toBe(400);
  });
});
