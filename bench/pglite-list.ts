// The embedded default under concurrency (what `npm start` gives): starts the built server
// (apps/server/dist/main.js, all roles, PGlite in a fresh data directory, demo seed), then sends
// the cards list from 20 concurrent connections (autocannon) for a few filters and prints req/s,
// p50/p99 latency, and the process's resident memory idle after start and after the load.
// Needs `npm run build` first. Run: npx tsx bench/pglite-list.ts   (DURATION=seconds, CONNECTIONS=20;
// SERVER_MAIN=another build's main.js to compare, SERVER_NODE_ARGS=--cpu-prof to profile it)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const PASSWORD = 'bench-pglite-password';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = process.env.SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-pglite-bench-'));
const port = await freePort();
const server = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), main], {
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = server.pid ?? 0;
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start within 120 s');
    try {
      if ((await fetch(`${base}/api/openapi.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  const login = await fetch(`${base}/api/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { result } = (await login.json()) as { result: { token: string } };
  // Let start-up work (seed, job schedules) settle before the idle figure.
  await sleep(5000);
  const idle = rssMiB(pid);

  const shapes: Array<[string, Record<string, unknown>]> = [
    ['no filter', {}],
    ['blocked', { filter: { blocked: 1 } }],
    ['search "tracker 1"', { filter: { query: 'tracker 1' } }],
    ['with children', { childs: true }],
  ];
  console.log(`PGlite, ${CONNECTIONS} connections, ${DURATION} s per shape (demo seed: 5,000 SIMs)\n`);
  console.log(`${'shape'.padEnd(22)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`);
  let peak = idle;
  for (const [name, body] of shapes) {
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 250);
    const run = await autocannon({
      url: `${base}/api/sims/list?lang=en`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${result.token}` },
      body: JSON.stringify({ page: 0, size: 25, ...body }),
      connections: CONNECTIONS,
      duration: DURATION,
    });
    clearInterval(sampler);
    if (run.non2xx || run.errors) throw new Error(`${name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    console.log(
      `${name.padEnd(22)} ${run.requests.average.toFixed(0).padStart(7)} ${String(run.latency.p50).padStart(7)} ${String(run.latency.p99).padStart(7)} ${String(run.latency.max).padStart(7)}`,
    );
  }
  await sleep(2000);
  console.log(`\nRSS: ${idle.toFixed(0)} MiB idle after start, ${peak.toFixed(0)} MiB peak under load, ${rssMiB(pid).toFixed(0)} MiB after`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
