import { nextRunAfter, REPORT_SCHEDULES_API, reportPeriodOf, type ReportScheduleTiming } from '@cab/contract/report-schedules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createMailer, type Mailer } from '../src/delivery/mail.js';
import { runDueSchedules, type ScheduleRunnerDeps } from '../src/modules/platform/report-schedules/index.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName } from './support/db.js';
import { mailBody, SmtpSink } from './support/smtp-sink.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * Scheduled reports (issue 25.8): the UTC cadence arithmetic, the API (validation, scope, roles, ten
 * parallel creates), and runs that generate the file into Downloads and mail it once — with two
 * runners at once, after a worker died mid-run, and with a file too big to attach.
 */

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('cadence arithmetic (UTC)', () => {
  const daily: ReportScheduleTiming = { cadence: 'daily', hour: 6 };
  it('daily: the same day when the hour is still ahead, else the next day', () => {
    expect(iso(nextRunAfter(daily, at('2026-11-28T05:59:59Z')))).toBe('2026-11-28T06:00:00.000Z');
    expect(iso(nextRunAfter(daily, at('2026-11-28T06:00:00Z')))).toBe('2026-11-29T06:00:00.000Z');
    expect(iso(nextRunAfter(daily, at('2026-12-31T23:00:00Z')))).toBe('2027-01-01T06:00:00.000Z');
  });
  it('weekly: the named ISO weekday (7 is Sunday)', () => {
    // 2026-11-28 is a Saturday.
    expect(iso(nextRunAfter({ cadence: 'weekly', weekday: 1, hour: 8 }, at('2026-11-28T10:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
    expect(iso(nextRunAfter({ cadence: 'weekly', weekday: 7, hour: 0 }, at('2026-11-28T10:00:00Z')))).toBe('2026-11-29T00:00:00.000Z');
    expect(iso(nextRunAfter({ cadence: 'weekly', weekday: 6, hour: 10 }, at('2026-11-28T10:00:00Z')))).toBe('2026-12-05T10:00:00.000Z');
  });
  it('monthly: a day past the month end runs on its last day, and the next month keeps the asked day', () => {
    const on31 = { cadence: 'monthly' as const, month_day: 31, hour: 3 };
    expect(iso(nextRunAfter(on31, at('2027-01-31T04:00:00Z')))).toBe('2027-02-28T03:00:00.000Z');
    expect(iso(nextRunAfter(on31, at('2028-02-01T00:00:00Z')))).toBe('2028-02-29T03:00:00.000Z');
    expect(iso(nextRunAfter(on31, at('2027-02-28T03:00:00Z')))).toBe('2027-03-31T03:00:00.000Z');
    expect(iso(nextRunAfter(on31, at('2026-04-01T00:00:00Z')))).toBe('2026-04-30T03:00:00.000Z');
    expect(iso(nextRunAfter({ cadence: 'monthly', month_day: 1, hour: 0 }, at('2026-12-15T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
  });
  it('no daylight saving: the hour stays the same UTC hour across the European and American switch days', () => {
    // Europe moves its clocks on 2026-03-29 and 2026-10-25, the US on 2026-03-08 and 2026-11-01.
    for (const before of ['2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z', '2026-03-07T12:00:00Z', '2026-10-31T12:00:00Z']) {
      const first = nextRunAfter(daily, at(before));
      const second = nextRunAfter(daily, first);
      expect(second.getTime() - first.getTime()).toBe(24 * 3600 * 1000);
      expect(second.getUTCHours()).toBe(6);
    }
  });
  it('each run reports on the day, the seven days or the calendar month before it', () => {
    expect(reportPeriodOf('daily', at('2026-03-01T06:00:00Z'))).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(reportPeriodOf('weekly', at('2026-11-30T08:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportPeriodOf('monthly', at('2026-01-01T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(reportPeriodOf('monthly', at('2028-03-31T03:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

let t: TestApp;
let sink: SmtpSink;
let mailer: Mailer;
let admin: string;
let viewer: string;
let agent: string;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  sink = await SmtpSink.start();
  mailer = createMailer({ smtpUrl: sink.url, db: t.database.db, log: { warn: () => undefined } });
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  agent = (await login(t.app, 'agent@demo.local')).token;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

const { create, list, update, delete: remove, runNow } = REPORT_SCHEDULES_API;

/** The demo company's active SIMs with "7" in the ICCID: a few hundred rows, quick to write and mail. */
const simsSchedule = {
  kind: 'sims',
  format: 'csv',
  request: { filter: { blocked: 0, query: '0007' } },
  cadence: 'weekly',
  weekday: 1,
  hour: 7,
  recipients: ['ops@example.com', 'boss@example.com'],
};

function runnerDeps(overrides: Partial<ScheduleRunnerDeps> = {}): ScheduleRunnerDeps {
  return {
    db: t.database.db,
    bus: t.bus,
    jobs: t.jobs,
    files: t.files,
    ttlDays: 30,
    maxRunning: 1000,
    progressIntervalMs: 1000,
    staleSeconds: 60,
    mailer,
    publicUrl: 'https://cabinet.example.com',
    log: () => undefined,
    ...overrides,
  };
}

async function createOk(body: object, token = admin, headers: Record<string, string> = {}): Promise<number> {
  const response = await post(t.app, create.path, body, { token, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ result: { id: number } }>().result.id;
}

async function scheduleRow(id: number) {
  const [row] = await queryRows<{ next_run_at: Date; last_run_state: string | null; last_report_id: number | null; run_owner: string | null; run_requested: boolean }>(
    t.database.db,
    sql`select next_run_at, last_run_state, last_report_id::int as last_report_id, run_owner, run_requested from report_schedules where id = ${id}`,
  );
  if (!row) throw new Error(`no schedule ${id}`);
  return { ...row, next_run_at: new Date(row.next_run_at) };
}

/** Makes a schedule due: its regular run was a minute ago. */
async function makeDue(id: number): Promise<Date> {
  const [row] = await queryRows<{ due: Date }>(
    t.database.db,
    sql`update report_schedules set next_run_at = date_trunc('hour', now()) - interval '1 hour' where id = ${id} returning next_run_at as due`,
  );
  return new Date(row?.due ?? 0);
}

const reportsOf = async (companyId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from generated_reports where company_id = ${companyId}`))[0]?.n ?? 0;

/** The text part of a multipart mail (or the whole body of a plain one), decoded. */
function mailText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return mailBody(raw);
  const part = raw.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
  return mailBody(part.replace(/^\r\n/, ''));
}

const mailsTo = (address: string, since: number) => sink.received.slice(since).filter((mail) => mail.to.includes(address));

describe('the API', () => {
  it('creates, lists, updates and deletes a schedule of the own company', async () => {
    const id = await createOk(simsSchedule);
    const listed = (await post(t.app, list.path, {}, { token: viewer })).json<{ result: { items: Array<Record<string, unknown>> } }>().result.items;
    const mine = listed.find((s) => s.id === id);
    expect(mine).toMatchObject({ kind: 'sims', cadence: 'weekly', weekday: 1, month_day: null, hour: 7, paused: false, last_run: null });
    expect(mine?.filter).toContain('0007');
    // The next run is the coming Monday at 07:00 UTC.
    const next = new Date(Number(mine?.next_run) * 1000);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(7);

    const updated = await post(t.app, update.path, { ...simsSchedule, id, cadence: 'monthly', month_day: 31, paused: true }, { token: admin });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await post(t.app, list.path, {}, { token: admin })).json<{ result: { items: Array<Record<string, unknown>> } }>().result.items.find((s) => s.id === id);
    expect(after).toMatchObject({ cadence: 'monthly', weekday: null, month_day: 31, paused: true, next_run: null });

    expect((await post(t.app, remove.path, { id }, { token: admin })).statusCode).toBe(200);
    expect((await post(t.app, remove.path, { id }, { token: admin })).statusCode).toBe(404);
  });

  it('refuses bad input with field errors in the asked language and stores nothing', async () => {
    const before = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_schedules`))[0]?.n;
    const cases: Array<[object, string]> = [
      [{ ...simsSchedule, recipients: ['not-an-address'] }, 'recipients.0'],
      [{ ...simsSchedule, recipients: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) }, 'recipients'],
      [{ ...simsSchedule, recipients: [] }, 'recipients'],
      [{ ...simsSchedule, recipients: ['a@example.com', 'A@example.com'] }, 'recipients.1'],
      [{ ...simsSchedule, weekday: null }, 'weekday'],
      [{ ...simsSchedule, cadence: 'monthly' }, 'month_day'],
      [{ ...simsSchedule, hour: 24 }, 'hour'],
      [{ ...simsSchedule, cadence: 'hourly' }, 'cadence'],
      [{ ...simsSchedule, kind: 'sessions', request: { filter: {}, from: '2026-11-01', to: '2026-11-02' } }, 'request.from'],
      [{ ...simsSchedule, kind: 'sessions', request: { filter: { profile: 'XX' } } }, 'filter.profile'],
    ];
    for (const [body, field] of cases) {
      for (const lang of ['en', 'ru'] as const) {
        const response = await post(t.app, create.path, body, { token: admin, lang });
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        const answer = response.json<{ code: string; message: string; fields?: Record<string, string> }>();
        expect(Object.keys(answer.fields ?? {}), response.body).toContain(field);
        expect(answer.message).toMatch(lang === 'ru' ? /[а-я]/i : /^[^а-я]*$/i);
      }
    }
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_schedules`))[0]?.n).toBe(before);
  });

  it('keeps companies apart and follows the report permissions', async () => {
    const id = await createOk(simsSchedule);
    // A viewer may read reports but not generate them, so may not schedule them either.
    expect((await post(t.app, create.path, simsSchedule, { token: viewer })).statusCode).toBe(403);
    expect((await post(t.app, runNow.path, { id }, { token: viewer })).statusCode).toBe(403);
    // Another company neither sees nor touches the schedule.
    const theirs = (await post(t.app, list.path, {}, { token: agent })).json<{ result: { items: Array<{ id: number }> } }>().result.items;
    expect(theirs.map((s) => s.id)).not.toContain(id);
    for (const path of [remove.path, runNow.path]) expect((await post(t.app, path, { id }, { token: agent })).statusCode).toBe(404);
    expect((await post(t.app, update.path, { ...simsSchedule, id, paused: false }, { token: agent })).statusCode).toBe(404);
    // A report filter naming a company outside the caller's scope is refused as the report itself refuses it.
    const agentCompany = await companyIdByName(t.database.db, AGENT_COMPANY);
    const outside = await post(t.app, create.path, { ...simsSchedule, kind: 'sessions', request: { filter: { company: [agentCompany] } } }, { token: admin });
    expect(outside.statusCode, outside.body).toBe(404);
    await post(t.app, remove.path, { id }, { token: admin });
  });

  it('ten parallel creates with one Idempotency-Key make one schedule', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_schedules where company_id = ${demo}`))[0]?.n ?? 0;
    const before = await count();
    const headers = { 'idempotency-key': 'schedule-7f3a-0001' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t.app, create.path, simsSchedule, { token: admin, headers })));
    const fresh = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(fresh, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    for (const other of answers.filter((a) => a !== fresh[0])) expect([200, 409]).toContain(other.statusCode);
    expect(await count()).toBe(before + 1);
  });
});

describe('runs', () => {
  it('two runners at once: one file in Downloads, one mail per recipient with the CSV attached, the next run set once', async () => {
    const id = await createOk(simsSchedule);
    const due = await makeDue(id);
    const [reportsBefore, mailsBefore] = [await reportsOf(demo), sink.received.length];
    const runs = await Promise.all([runDueSchedules(runnerDeps(), 'worker-a'), runDueSchedules(runnerDeps(), 'worker-b')]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reportsOf(demo)).toBe(reportsBefore + 1);
    for (const address of simsSchedule.recipients) {
      const mails = mailsTo(address, mailsBefore);
      expect(mails).toHaveLength(1);
      const raw = mails[0]?.raw ?? '';
      expect(raw).toMatch(/Content-Disposition: attachment;\s*filename=sims-\d+\.csv/);
      expect(raw).toContain('Subject: =?UTF-8?');
      expect(mailText(raw)).toContain('https://cabinet.example.com/generated_reports');
      expect(mailText(raw)).toContain('is attached');
    }
    const row = await scheduleRow(id);
    expect(row).toMatchObject({ last_run_state: 'sent', run_owner: null });
    expect(row.next_run_at.getTime()).toBe(nextRunAfter({ cadence: 'weekly', weekday: 1, hour: 7 }, new Date(Math.max(due.getTime(), Date.now()))).getTime());
    // The file is in Downloads, ready, as a hand-made one is.
    const files = await post(t.app, '/api/generated_reports/list', { page: 0, size: 5 }, { token: admin });
    expect(files.json<{ result: { items: Array<{ id: number; state: string }> } }>().result.items[0]).toMatchObject({ id: row.last_report_id, state: 'ready' });
    // Nothing is due any more: a further tick does nothing.
    expect(await runDueSchedules(runnerDeps(), 'worker-c')).toBe(0);
    await post(t.app, remove.path, { id }, { token: admin });
  });

  it('a run whose worker died is taken over with the file it started and mailed once', async () => {
    const id = await createOk({ ...simsSchedule, recipients: ['takeover@example.com'] });
    await makeDue(id);
    const [reportsBefore, mailsBefore] = [await reportsOf(demo), sink.received.length];
    // Worker A makes the file and then hangs for good before mailing (its process stopped): its lease lapses.
    const hung: Mailer = { send: () => new Promise<void>(() => undefined) };
    void runDueSchedules(runnerDeps({ mailer: hung, staleSeconds: 1 }), 'worker-dead');
    for (let i = 0; i < 100 && (await scheduleRow(id)).run_owner !== 'worker-dead'; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 2500));
    expect(await runDueSchedules(runnerDeps(), 'worker-b')).toBe(1);
    expect(await reportsOf(demo)).toBe(reportsBefore + 1);
    expect(mailsTo('takeover@example.com', mailsBefore)).toHaveLength(1);
    expect(await scheduleRow(id)).toMatchObject({ last_run_state: 'sent', run_owner: null });
    await post(t.app, remove.path, { id }, { token: admin });
  });

  it('ten parallel "run now" make one run that leaves the regular time alone; a big file is linked, not attached', async () => {
    const id = await createOk({ ...simsSchedule, format: 'xlsx', recipients: ['big@example.com'] });
    const before = await scheduleRow(id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t.app, runNow.path, { id }, { token: admin })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const mailsBefore = sink.received.length;
    expect(await runDueSchedules(runnerDeps({ attachmentMaxBytes: 100 }), 'worker-a')).toBe(1);
    expect(await runDueSchedules(runnerDeps(), 'worker-b')).toBe(0);
    const mails = mailsTo('big@example.com', mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).not.toMatch(/Content-Disposition: attachment/);
    expect(mailText(mails[0]?.raw ?? '')).toContain('not attached');
    const after = await scheduleRow(id);
    expect(after).toMatchObject({ last_run_state: 'linked', run_requested: false });
    expect(after.next_run_at.getTime()).toBe(before.next_run_at.getTime());
    await post(t.app, remove.path, { id }, { token: admin });
  });

  it('a paused schedule does not run when due', async () => {
    const id = await createOk(simsSchedule);
    await post(t.app, update.path, { ...simsSchedule, id, paused: true }, { token: admin });
    await makeDue(id);
    expect(await runDueSchedules(runnerDeps(), 'worker-a')).toBe(0);
    await post(t.app, remove.path, { id }, { token: admin });
  });
});
