// A cabinet of the previous version recording usage, in a process of its own: one session record at
// a time through the table's name, until SIGTERM; then prints {"rows", "failed", "maxMs", "p99Ms"} as
// JSON. Usage: node insert-loop.mjs <database url>   (at most 200,000 rows or 10 minutes)
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
let stopped = false;
process.on('SIGTERM', () => (stopped = true));
const latencies = [];
let failed = 0;
const until = Date.now() + 600_000;
for (let i = 0; !stopped && i < 200_000 && Date.now() < until; i++) {
  const started = performance.now();
  try {
    await client.query(
      `insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, rat, operator, country)
       values (1, 1, $1, now(), now(), '4G', '250-01', 'RU')`,
      [`upgrade-writer:${process.pid}:${i}`],
    );
    latencies.push(performance.now() - started);
  } catch {
    failed += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await client.end();
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
console.log(JSON.stringify({ rows: latencies.length, failed, maxMs: Math.round(latencies.at(-1) ?? 0), p99Ms: Math.round(p99) }));
