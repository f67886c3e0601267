import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { sql } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { DEMO_PASSWORD, processEnv, resetPostgres, testDatabaseUrl } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const STALE_SECONDS = 2;
/** Sessions in the report: enough that its worker is killed in the middle of writing the file. */
const SESSIONS = 400_000;

interface FileRow {
  state: string;
  rows: number | null;
  bytes: number | null;
  attempts: number;
  claimed_by: string | null;
  file_key: string;
  queue_id: number;
}

/** A worker killed with SIGKILL while it writes a report file: another takes it over, and it ends once. */
describe.skipIf(!testDatabaseUrl)('report file survives kill -9 of its worker', () => {
  let database: Database;
  let dataDir: string;
  let api: ServerProcess;
  const workers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'report-crash-'));
    env = processEnv({
      DATA_DIR: dataDir,
      QUEUE_STALE_SECONDS: String(STALE_SECONDS),
      REPORT_CONCURRENCY: '1',
      NETWORK_ACTIVITY_SIMS: '0',
    });
    database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    await resetPostgres(database);
    api = startServer(await freePort(), { ...env, ROLE: 'api' });
    await waitUntilServing(api);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api, ...workers].map((p) => stopServer(p)));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function report(id: number): Promise<FileRow | undefined> {
    const rows = await queryRows<FileRow>(database.db, sql`
      select state, rows::int as rows, bytes::int as bytes, attempts, claimed_by, file_key, queue_id::int as queue_id
      from generated_reports where id = ${id}`);
    return rows[0];
  }

  async function item(qid: number) {
    const rows = await queryRows<{ state: string; ok: number; fail: number }>(
      database.db,
      sql`select state, ok, fail from queue_items where id = ${qid}`,
    );
    return rows[0];
  }

  /** Every file under the store, with its path from the store's root. */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(path.join(dataDir, 'files'), path.join(e.parentPath, e.name)));
  }

  /** The admin's company gets SESSIONS data sessions over a week of March 2031, with their daily rollups. */
  async function seedSessions(companyId: number): Promise<void> {
    await database.db.execute(sql`
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
      select ${companyId}, s.ids[1 + i % array_length(s.ids, 1)], 'crash:' || i, t.at, t.at + interval '5 minutes',
             1000 + i % 777, 20000 + i % 5555, '4G', '250-01', 'RU', 1 + i % 7
      from (select array_agg(id order by id) as ids from (select id from sims where company_id = ${companyId} order by id limit 200) x) s,
           generate_series(1, ${SESSIONS}) as i,
           lateral (select '2031-03-01T00:00:00Z'::timestamptz + make_interval(secs => i * 1.5) as at) t`);
    await database.db.execute(sql`
      insert into usage_daily (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
      select company_id, sim_id, (started_at at time zone 'UTC')::date, count(*), count(*) * 300, sum(bytes_up), sum(bytes_down), sum(cost_cents)
      from usage_sessions where company_id = ${companyId} and record_key like 'crash:%' group by 1, 2, 3`);
    await database.db.execute(sql`
      insert into usage_daily_company (company_id, day, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
      select company_id, day, sum(sessions), sum(session_seconds), sum(bytes_up), sum(bytes_down), 0, 0, 0, 0, 0, sum(cost_cents)
      from usage_daily where company_id = ${companyId} and day between '2031-03-01' and '2031-03-08' group by 1, 2`);
  }

  it('another worker takes the file over within QUEUE_STALE_SECONDS, removes the partial file and ends it once', async () => {
    const [admin] = await queryRows<{ company_id: number; user_id: number }>(
      database.db,
      sql`select company_id::int as company_id, id::int as user_id from users where email = 'admin@demo.local'`,
    );
    const companyId = admin?.company_id ?? 0;
    await seedSessions(companyId);

    for (let i = 0; i < 2; i++) workers.push(startServer(await freePort(), { ...env, ROLE: 'worker' }));
    for (const worker of workers)
      await waitFor(() => worker.output.join('').includes('is taking jobs'), 90_000, `worker ${worker.child.pid} to start`);

    const login = await fetch(`http://127.0.0.1:${api.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const created = await fetch(`http://127.0.0.1:${api.port}${GENERATED_REPORTS_API.create.path}?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        kind: 'sessions',
        format: 'csv',
        request: { filter: { company: [companyId] }, from: '2031-03-01', to: '2031-03-07' },
      }),
    });
    expect(created.status).toBe(200);
    const { id, qid } = ((await created.json()) as { result: { id: number; qid: number } }).result;

    // Killed in the middle of the file: rows written, a partial file on disk, nothing finished.
    const partial = (name: string) => name.startsWith(`${companyId}/reports/${id}.csv.partial-`);
    await waitFor(
      async () => ((await item(qid))?.ok ?? 0) > 0 && (await storedFiles()).some(partial),
      60_000,
      'the first worker to write',
    );
    // The partial file is named after its writer's pid (file-store.ts); the lease names it too.
    const writer = (await storedFiles()).find(partial)?.split('.partial-')[1]?.split('-')[0];
    const victim = workers.find((w) => String(w.child.pid) === writer);
    const survivor = workers.find((w) => w !== victim);
    if (!victim || !survivor) throw new Error(`no worker process ${writer}`);
    const owner = (await report(id))?.claimed_by ?? '';
    expect(owner.split(':')[1]).toBe(writer);
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    await waitFor(() => victim.exit !== null, 5000, 'the killed worker');
    const atKill = await item(qid);
    expect(atKill?.state).toBe('running');
    expect(atKill?.ok).toBeLessThan(SESSIONS);
    expect(await report(id)).toMatchObject({ state: 'writing', attempts: 1 });
    expect((await storedFiles()).some(partial)).toBe(true);

    let takenOverAt = 0;
    await waitFor(
      async () => {
        const now = await report(id);
        if (!takenOverAt && now?.claimed_by !== owner) takenOverAt = Date.now();
        return now?.state !== 'writing';
      },
      STALE_SECONDS * 1000 + 60_000,
      'the file to be finished',
    );
    const readyAt = Date.now();
    console.log(
      `report crash: killed at ${atKill?.ok} of ${SESSIONS} rows; kill → taken over ${((takenOverAt - killedAt) / 1000).toFixed(1)} s, → ready ${((readyAt - killedAt) / 1000).toFixed(1)} s (QUEUE_STALE_SECONDS=${STALE_SECONDS})`,
    );
    // Stale after at most QUEUE_STALE_SECONDS from the last heartbeat, found by a sweep a quarter of it later.
    expect(takenOverAt - killedAt).toBeLessThan(STALE_SECONDS * 1000 + 2000);

    const done = await report(id);
    expect(done).toMatchObject({ state: 'ready', rows: SESSIONS, attempts: 2 });
    expect(done?.claimed_by?.split(':')[1]).toBe(String(survivor.child.pid));
    const files = await storedFiles();
    expect(files.filter((f) => f.startsWith(`${companyId}/reports/${id}`))).toEqual([done?.file_key]);
    expect(files.filter((f) => f.includes('.partial-'))).toEqual([]);
    const text = await readFile(path.join(dataDir, 'files', done?.file_key ?? ''), 'utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(SESSIONS + 1);
    expect(lines[0]?.startsWith('\uFEFFICCID,')).toBe(true);
    expect(new Set(lines.slice(1).map((l) => l.split(',').length)).size).toBe(1);
    const download = await fetch(`http://127.0.0.1:${api.port}${GENERATED_REPORTS_API.download.path}?id=${id}&lang=en`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(done?.bytes);

    expect(await item(qid)).toEqual({ state: 'done', ok: SESSIONS, fail: 0 });
    const running = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from queue_items where company_id = ${companyId} and state = 'running'`,
    );
    expect(running[0]?.n).toBe(0);
    const told = await queryRows<{ text: string }>(database.db, sql`
      select texts->>'en' as text from notifications
      where company_id = ${companyId} and user_id = ${admin?.user_id ?? 0} and texts->>'en' like 'The report “Sessions” (CSV)%'`);
    expect(told.map((n) => n.text)).toEqual([
      'The report “Sessions” (CSV) is ready, rows: 400,000. Download it under Downloads.',
    ]);
  }, 240_000);
});
