import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rebuildCoarseRollups } from '../modules/sims/usage/index.js';

/** Days of usage history the demo companies start with, so every report shows something at once. */
export const DEMO_USAGE_DAYS = 90;

/** Serving networks of the seeded sessions: MCC-MNC and country, same index. */
const OPERATORS = sql.raw(`array['250-01','250-02','250-99','250-01','250-02','401-01','250-01','262-01','250-99','244-05']`);
const COUNTRIES = sql.raw(`array['RU','RU','RU','RU','RU','KZ','RU','DE','RU','FI']`);

/**
 * Usage history of the demo companies, set-based (a few statements whatever the size): each
 * unblocked SIM has a data session on about one day in 30 (more on weekdays, drifting over the weeks),
 * SMS in and out a quarter as often and calls a tenth as often, mostly in Russia with some roaming in Kazakhstan, Germany and
 * Finland. The rollups are computed from the raw rows just written, and this month's spend of each
 * SIM is set from them, so the SIM list, the MSU caps and the reports agree.
 */
export async function seedDemoUsage(tx: Executor, companyIds: number[], now = new Date(), days = DEMO_USAGE_DAYS): Promise<void> {
  if (companyIds.length === 0 || days <= 0) return;
  const at = now.toISOString();
  const companies = sql`(${sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  // Day d starts at midnight UTC d days before today; today's records lie before `now`.
  const dayStart = sql`(date_trunc('day', ${at}::timestamptz at time zone 'UTC') at time zone 'UTC' - make_interval(days => d))`;
  // Share (per mille) of SIMs active on day d: about one in 30, more on weekdays, drifting over weeks
  // (kept small: the whole history is written at the first start, also on the embedded database).
  const DAYS = sql`(select d, ${dayStart} as start, extract(isodow from ${dayStart}) > 5 as weekend,
      18 + (d * 37) % 15 + case when extract(isodow from ${dayStart}) > 5 then 0 else 12 end as activity
    from generate_series(0, ${days - 1}) as d) as g`;
  await tx.execute(sql`
    insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
    select company_id, id, 'demo:' || id || ':' || d, started, started + make_interval(secs => 30 + (id * 13 + d * 7) % 3500),
           bytes / 5, bytes - bytes / 5, (array['4G','LTE-M','NB-IoT','3G','2G'])[1 + (id + d) % 5], (${OPERATORS})[net], (${COUNTRIES})[net],
           greatest(1, ceil(bytes / 1048576.0 * 5 * case when (${COUNTRIES})[net] = 'RU' then 1 else 3 end))::int
    from (
      select s.company_id, s.id, d,
             g.start + make_interval(secs => (s.id * 7919 + d * 104729) % 86000) as started,
             (50000 + (s.id * 7577 + d * 15485863) % 8000000) * case when g.weekend then 1 else 2 end as bytes,
             1 + (s.id / 3 + d / 7) % 10 as net
      from sims s cross join ${DAYS}
      where s.company_id in ${companies} and s.block_type = 'none' and (s.id * 7919 + d * 104729) % 1000 < g.activity
    ) x
    where started < ${at}::timestamptz`);
  await tx.execute(sql`
    insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
    select company_id, id, 'demo:' || id || ':' || d || ':' || kind || ':' || direction, kind, direction,
           case when (id + d) % 4 = 0 then '49' || lpad(((id * 7919 + d) % 1000000000)::text, 10, '0')
                else '79' || lpad(((id * 104729 + d) % 1000000000)::text, 9, '0') end,
           started, seconds, '250-01', 'RU',
           case when direction = 'in' then 0 when kind = 'sms' then 3 else 8 * ceil(seconds / 60.0)::int end
    from (
      select s.company_id, s.id, d, k.kind, k.direction,
             g.start + make_interval(secs => (s.id * 104729 + d * 7919 + k.shift) % 86000) as started,
             case when k.kind = 'call' then 5 + (s.id + d) % 296 else 0 end as seconds
      from sims s cross join ${DAYS}
      cross join (values ('sms', 'in', 0, 4), ('sms', 'out', 3600, 4), ('call', 'in', 7200, 10), ('call', 'out', 10800, 10)) as k(kind, direction, shift, rarity)
      where s.company_id in ${companies} and s.block_type = 'none'
        and (s.id * 104729 + d * 7919 + k.shift) % 1000 < g.activity / k.rarity
    ) x
    where started < ${at}::timestamptz`);
  await tx.execute(sql`
    insert into usage_daily (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
    select company_id, sim_id, (started_at at time zone 'UTC')::date, count(*),
           sum(extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint), sum(bytes_up), sum(bytes_down), sum(cost_cents)
    from usage_sessions where company_id in ${companies} and record_key like 'demo:%'
    group by 1, 2, 3
    on conflict do nothing`);
  await tx.execute(sql`
    insert into usage_daily as d (company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
    select company_id, sim_id, (started_at at time zone 'UTC')::date,
           count(*) filter (where kind = 'sms' and direction = 'in'), count(*) filter (where kind = 'sms' and direction = 'out'),
           count(*) filter (where kind = 'call' and direction = 'in'), count(*) filter (where kind = 'call' and direction = 'out'),
           coalesce(sum(seconds) filter (where kind = 'call'), 0), sum(cost_cents)
    from usage_events where company_id in ${companies} and record_key like 'demo:%'
    group by 1, 2, 3
    on conflict (company_id, sim_id, day) do update set sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
      calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
      call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`);
  await rebuildCoarseRollups(tx, companyIds);
}
