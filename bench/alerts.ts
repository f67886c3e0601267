// Alert rules as usage arrives, on PostgreSQL (issue 25: at 1,000,000 SIMs with 1,000 rules, keep up
// with ≥ 5,000 usage records/s). The product runs from its build as its own process with RADIUS
// accounting on the loopback; a sender process (support/radius-sender.ts, MODE=stops) sends Stops
// that each carry a whole session — one usage record a packet — at RATE packets/s over the SIMs of
// the 300,000-SIM company, whose 1,000 rules every record is evaluated against:
//   700 on one SIM each: 40% of its 1 MB data limit → notify (webhook) and block — one session fires it;
//   100 on labels, 100 on groups (1,000 SIMs each), 100 on the whole company (data, SMS, IMEI, country):
//   evaluated for every record, never reached by this traffic.
// A Stop is answered once its usage, rollups, event log and rules are committed, so answered Stops/s
// are usage records/s taken in whole. Rounds overlap by a third, so some rule SIMs get usage again and
// must not fire twice. Each round is checked in plain SQL written here: one usage record per Stop,
// a firing for exactly every rule SIM whose month usage reached 40%, each fired SIM blocked, no other
// rule fired; the bench's webhook receiver counts the signed sim.alert deliveries.
// Needs `npm run build`. Run: npx tsx bench/alerts.ts   (SESSIONS=60000 RATE=6000 ROUNDS=3; REUSE_DATABASE=1
// keeps the database of an earlier run instead of seeding it again for two minutes)
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.js';
import { insertSims, recreateBenchDatabase } from './support/bench-db.js';
import { runRadiusSender, spread, startRadiusServer, type RoundFigures } from './support/radius-bench.js';

const SESSIONS = Number(process.env.SESSIONS ?? 60_000);
const RATE = Number(process.env.RATE ?? 6000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DATABASE_URL = process.env.BENCH_ALERTS_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_alerts';
const SECRET = 'bench-alerts-secret';
const IMSI_PREFIX = '25099';
const BIG_COMPANY_SIMS = 300_000;
const OTHER_COMPANIES = 7;
const OTHER_COMPANY_SIMS = 100_000;
const SIM_RULES = 700;
/** Every RULE_STRIDE-th SIM of the big company has a rule of its own. */
const RULE_STRIDE = 400;
const DELIVERY_WAIT_MS = 60_000;

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const deliveries = new Set<string>();
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const event = JSON.parse(body) as { type?: string };
    const id = request.headers['x-cabinet-delivery'] ?? request.headers['x-webhook-id'] ?? body;
    if (event.type === 'sim.alert' && request.headers['x-cabinet-signature'] !== undefined) deliveries.add(String(id));
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverAddress = receiver.address();
const receiverPort = typeof receiverAddress === 'object' && receiverAddress ? receiverAddress.port : 0;

const reuse = process.env.REUSE_DATABASE === '1' && (await benchDatabaseSeeded());
if (!reuse) await recreateBenchDatabase(DATABASE_URL);
/** In every Acct-Session-Id: a run's sessions are new to a database kept from an earlier one. */
const RUN = Date.now().toString(36);
const server = await startRadiusServer(DATABASE_URL, SECRET, { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiverPort}` });
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
try {
  const setupStarted = Date.now();
  const { companyId } = reuse ? await seeded(database) : await seed(database);
  console.log(
    `${BIG_COMPANY_SIMS + OTHER_COMPANIES * OTHER_COMPANY_SIMS} SIMs (${BIG_COMPANY_SIMS} in the rules' company), 1000 rules, set up in ${Math.round((Date.now() - setupStarted) / 1000)} s; ` +
      `${SESSIONS} Stops a round at ${RATE}/s, ${ROUNDS} rounds; RADIUS on port ${server.port}; load average ${load()}`,
  );
  const send = (round: string, sessions: number, offset: number) =>
    runRadiusSender({
      RADIUS_PORT: String(server.port),
      RADIUS_SECRET: SECRET,
      ROUND: round,
      SESSIONS: String(sessions),
      RATE: String(RATE),
      IMSI_PREFIX,
      MODE: 'stops',
      FIRST_SIM: '1',
      SIM_COUNT: String(BIG_COMPANY_SIMS),
      SIM_OFFSET: String(offset),
    });
  // Not counted: the server's connections, caches and the rules' first load warm up (its SIMs lie past every round's).
  const warm = await send(`${RUN}warm`, 2000, BIG_COMPANY_SIMS - 2000);
  console.log(`warm-up (not counted): ${warm.packetsPerSecond} Stops/s, p99 ${warm.p99} ms, answered ${warm.answered}/${warm.sent}`);
  // Firings of the warm-up and of an earlier run were delivered to another receiver or are in flight: not counted here.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = (await checkRound(database, companyId, 'none', 0)).firings;
  deliveries.clear();
  const rounds: RoundFigures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const tag = `${RUN}r${round}`;
    const figures = await send(tag, SESSIONS, Math.floor(((round - 1) * SESSIONS * 2) / 3));
    const check = await checkRound(database, companyId, tag, before);
    console.log(
      `round ${round}: ${figures.packetsPerSecond} usage records/s answered (offered ${figures.offeredRate}), answered ${figures.answered}/${figures.sent} ` +
        `(${figures.retransmitted} sent again), p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms; load average ${load()}; ` +
        `usage records ${check.recorded}, firings ${check.firings} of ${check.expected} due, unblocked fired SIMs ${check.unblocked}, other rules fired ${check.others}, ` +
        `webhooks ${check.delivered} for ${check.firings - before} new firings: ${check.ok ? 'counts right' : 'COUNTS WRONG'}`,
    );
    if (!check.ok || figures.answered !== figures.sent) process.exitCode = 1;
    rounds.push(figures);
  }
  console.log(`usage records/s min / median / max: ${spread(rounds, (r) => r.packetsPerSecond)} (budget ≥ 5000)`);
  console.log(`p99 answer ms min / median / max: ${spread(rounds, (r) => r.p99)}`);
} finally {
  await database.close();
  await server.stop();
  receiver.close();
}

/**
 * The 1,000,000 SIMs (IMSIs for all), the big company's labels, groups, limits and 1,000 rules, and
 * a webhook to this process. Set up in SQL: what is measured is the network feed, not rule editing.
 */
async function seed(database: Database): Promise<{ companyId: number }> {
  const db = database.db;
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (name) values ('Alerts bench 300k') returning id::int as id`);
  if (!company) throw new Error('company not created');
  await insertSims(database, company.id, 1, BIG_COMPANY_SIMS, IMSI_PREFIX);
  for (let i = 0; i < OTHER_COMPANIES; i++) {
    const [other] = await queryRows<{ id: number }>(db, sql`insert into companies (name) values (${`Alerts bench other ${i + 1}`}) returning id::int as id`);
    await insertSims(database, other!.id, BIG_COMPANY_SIMS + 1 + i * OTHER_COMPANY_SIMS, OTHER_COMPANY_SIMS, IMSI_PREFIX);
  }
  const c = company.id;
  /** A SIM's place in the sender's range (0 … 299,999): its serial, the IMSI's last ten digits, less one. */
  const place = sql`(right(imsi, 10)::int - 1)`;
  const ruled = sql`company_id = ${c} and ${place} % ${RULE_STRIDE} = 0 and ${place} < ${SIM_RULES * RULE_STRIDE}`;
  await db.execute(sql`update sims set limit_mb = 1, block_type = 'none' where ${ruled}`);
  await db.execute(sql`insert into sim_labels (company_id, label, sim_id)
    select ${c}, 'fleet-' || lpad((${place} % 100)::text, 2, '0'), id from sims where company_id = ${c} and ${place} < 100000`);
  await db.execute(sql`insert into sim_groups (company_id, id, name) select ${c}, g, 'Bench group ' || g from generate_series(1, 100) g`);
  await db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id)
    select ${c}, 1 + ${place} % 100, id from sims where company_id = ${c} and ${place} between 100000 and 199999`);
  const simIds = (await queryRows<{ id: number }>(db, sql`select id::int as id from sims where ${ruled} order by ${place}`)).map((r) => r.id);
  const rule = (name: string, scope: string, condition: string, extra: Record<string, unknown>) => ({ name, scope, condition, notify: true, block: false, ...extra });
  const rules = [
    ...simIds.map((simId, k) => rule(`SIM ${k} at 40% of its limit`, 'sim', 'data_percent', { sim_id: simId, threshold: 40, block: true })),
    ...Array.from({ length: 100 }, (_, k) => rule(`Label ${k} data`, 'label', 'data_mb', { label: `fleet-${String(k).padStart(2, '0')}`, threshold: 100_000 + k })),
    ...Array.from({ length: 100 }, (_, k) => rule(`Group ${k + 1} SMS`, 'group', 'sms_count', { group_id: k + 1, threshold: 100_000 + k })),
    ...Array.from({ length: 40 }, (_, k) => rule(`Company data ${k}`, 'company', 'data_mb', { threshold: 200_000 + k })),
    ...Array.from({ length: 30 }, (_, k) => rule(`Company IMEI ${k}`, 'company', 'imei_change', {})),
    ...Array.from({ length: 30 }, (_, k) => rule(`Company country ${k}`, 'company', 'country_enter', { country: ['DE', 'FR', 'FI', 'KZ', 'TR'][k % 5] })),
  ];
  await db.execute(sql`insert into alert_rules (company_id, name, scope, sim_id, label, group_id, condition, threshold, country, notify, block)
    select ${c}, name, scope, sim_id, label, group_id, condition, threshold, country, notify, block
    from jsonb_to_recordset(${JSON.stringify(rules)}::jsonb) as t(name text, scope text, sim_id bigint, label text, group_id bigint,
      condition text, threshold int, country text, notify boolean, block boolean)`);
  // A user told in the cabinet, and a webhook to this process.
  await db.execute(sql`insert into users (company_id, email, password_hash, first_name, last_name, role) values (${c}, 'admin@alerts.bench', 'x', 'Bench', 'Admin', 'admin')`);
  await db.execute(sql`insert into notify_methods (company_id, type, destination, secret) values (${c}, 1, ${`http://127.0.0.1:${receiverPort}/hook`}, 'bench-webhook-secret')`);
  await db.execute(sql`analyze`);
  return { companyId: c };
}

async function benchDatabaseSeeded(): Promise<boolean> {
  try {
    const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
    try {
      return (await seeded(database)).companyId > 0;
    } finally {
      await database.close();
    }
  } catch {
    return false;
  }
}

async function seeded(database: Database): Promise<{ companyId: number }> {
  const [row] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Alerts bench 300k'`);
  return { companyId: row?.id ?? 0 };
}

/** The round's counts in plain SQL, and the webhooks received once the worker delivered them. */
async function checkRound(database: Database, companyId: number, tag: string, firedBefore: number) {
  const db = database.db;
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
  const countRecorded = () => one(sql`select count(*)::int as n from usage_sessions where company_id = ${companyId} and record_key like ${`radius:127.0.0.1:${tag}-%`}`);
  // Packets the sender gave up on may still be in the server's hands: count once nothing moved for 2 s.
  let recorded = await countRecorded();
  for (let waited = 0; tag !== 'none' && waited < 30; waited += 2) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await countRecorded();
    if (now === recorded) break;
    recorded = now;
  }
  const expected = await one(sql`
    select count(*)::int as n from alert_rules r join sims s on s.company_id = r.company_id and s.id = r.sim_id
    where r.company_id = ${companyId} and r.scope = 'sim'
      and (select coalesce(sum(u.bytes_up + u.bytes_down), 0) from usage_sessions u
           where u.company_id = r.company_id and u.sim_id = r.sim_id and u.started_at >= date_trunc('month', now())) * 100 >= r.threshold::bigint * s.limit_mb * 1048576`);
  const firings = await one(sql`select count(*)::int as n from alert_firings where company_id = ${companyId} and condition = 'data_percent'`);
  const others = await one(sql`select count(*)::int as n from alert_firings where company_id = ${companyId} and condition <> 'data_percent'`);
  const unblocked = await one(sql`select count(*)::int as n from alert_firings f join sims s on s.company_id = f.company_id and s.id = f.sim_id
    where f.company_id = ${companyId} and s.block_type = 'none'`);
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  while (deliveries.size < firings - firedBefore && tag !== 'none' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  const ok = (recorded === SESSIONS || tag === 'none') && firings === expected && unblocked === 0 && others === 0 && deliveries.size === firings - firedBefore;
  return { recorded, expected, firings, others, unblocked, delivered: deliveries.size, ok };
}
