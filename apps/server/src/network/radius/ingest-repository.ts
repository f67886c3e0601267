import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { cappedMonthSpendCentsSql } from '../../db/month-spend.js';

/*
 * A batch of RADIUS accounting in one statement (so one round trip and one implicit transaction):
 * each session finds its SIM, opens or grows its radius_sessions row, moves its SIM's network state,
 * an IMSI no SIM has is listed, and the packet counters waiting since the last batch are added.
 * Rows travel as one JSON parameter.
 */

type Bigint = number | string;

/** One session of a batch (its packets merged), as the statement takes it. */
export interface SessionInput {
  nas: string;
  sessionId: string;
  imsi: string | null;
  msisdn: string | null;
  startedAt: Date;
  /** The latest packet's time. */
  at: Date;
  stopped: boolean;
  bytesUp: number;
  bytesDown: number;
  operator: string | null;
  rat: string | null;
  imei: string | null;
  /** Packets of the session in the batch (how often an unknown IMSI was named). */
  packets: number;
}

export interface FoundSim {
  companyId: number;
  simId: number;
  msuCents: number | null;
  monthSpendCents: number;
}

/** A session as stored after the batch, and whether its usage record exists already. */
export interface StoredSession {
  nas: string;
  sessionId: string;
  companyId: number;
  simId: number;
  startedAt: Date;
  stoppedAt: Date | null;
  bytesUp: number;
  bytesDown: number;
  operator: string | null;
  rat: string | null;
  imei: string | null;
  usageRecorded: boolean;
}

export interface RecordedSession {
  sim: FoundSim;
  stored: StoredSession;
}

/** The usage record key of a session: NAS + Acct-Session-Id, so the session lands once whatever repeats. */
export const recordKeyOf = (nas: string, sessionId: string): string => `radius:${nas}:${sessionId}`;

const open = sql`r.stopped_at is null`;

/**
 * Records a batch; answers, by index in `sessions`, those whose SIM was found. `steps` are further
 * inserts (packet counters, the link's state) to commit with it.
 *
 * - The SIM: the one the session already belongs to, else the one with its IMSI, else the one with
 *   its MSISDN (Calling-Station-Id) — a lateral union with LIMIT 1, a few index probes that stop at
 *   the first hit.
 * - A session's counters only grow (packets may come out of order) and a stopped session never
 *   changes again, so a late Interim or a repeated Stop leaves it as it was.
 * - The network state follows each SIM's latest session of the batch: a Stop takes it offline, a
 *   Start or Interim puts it online, unless that session had stopped before (a late packet). A
 *   serving network that changes drops the simulator's cell.
 */
export async function recordSessions(db: Executor, sessions: SessionInput[], steps: SQL[]): Promise<Map<number, RecordedSession>> {
  const payload = JSON.stringify(
    sessions.map((s, i) => ({
      i,
      nas: s.nas,
      session_id: s.sessionId,
      imsi: s.imsi,
      msisdn: s.msisdn,
      started_at: s.startedAt.toISOString(),
      at: s.at.toISOString(),
      stopped: s.stopped,
      bytes_up: s.bytesUp,
      bytes_down: s.bytesDown,
      operator: s.operator,
      rat: s.rat,
      imei: s.imei,
      packets: s.packets,
    })),
  );
  const extra = steps.map((step, i) => sql`, ${sql.raw(`step${i}`)} as (${step})`);
  const rows = await queryRows<{
    i: number;
    company_id: Bigint;
    sim_id: Bigint;
    msu_cents: number | null;
    month_spend_cents: number;
    nas: string;
    acct_session_id: string;
    started_at: Date | string;
    stopped_at: Date | string | null;
    bytes_up: Bigint;
    bytes_down: Bigint;
    operator: string | null;
    rat: string | null;
    session_imei: string | null;
    recorded: boolean;
  }>(
    db,
    sql`
    with t as (
      select * from jsonb_to_recordset(${payload}::jsonb) as t(
        i int, nas text, session_id text, imsi text, msisdn text, started_at timestamptz, at timestamptz, stopped boolean,
        bytes_up bigint, bytes_down bigint, operator text, rat text, imei text, packets int)
    ), found as (
      select t.*, s.company_id, s.sim_id, s.msu_cents, s.month_spend_cents from t
      cross join lateral (
        (select s.company_id, s.id as sim_id, s.msu_cents, ${cappedMonthSpendCentsSql('s')} as month_spend_cents
         from radius_sessions r join sims s on s.id = r.sim_id where r.nas = t.nas and r.acct_session_id = t.session_id)
        union all
        (select s.company_id, s.id, s.msu_cents, ${cappedMonthSpendCentsSql('s')} from sims s where s.imsi = t.imsi)
        union all
        (select s.company_id, s.id, s.msu_cents, ${cappedMonthSpendCentsSql('s')} from sims s where s.msisdn = t.msisdn order by s.id limit 1)
        limit 1) s
    ), up as (
      insert into radius_sessions as r (nas, acct_session_id, company_id, sim_id, started_at, updated_at, stopped_at, bytes_up, bytes_down, operator, rat, imei)
      select nas, session_id, company_id, sim_id, started_at, at, case when stopped then at end, bytes_up, bytes_down, operator, rat, imei
      from found order by nas, session_id
      on conflict (nas, acct_session_id) do update set
        started_at = case when ${open} then least(r.started_at, excluded.started_at) else r.started_at end,
        updated_at = case when ${open} then greatest(r.updated_at, excluded.updated_at) else r.updated_at end,
        stopped_at = coalesce(r.stopped_at, excluded.stopped_at),
        bytes_up = case when ${open} then greatest(r.bytes_up, excluded.bytes_up) else r.bytes_up end,
        bytes_down = case when ${open} then greatest(r.bytes_down, excluded.bytes_down) else r.bytes_down end,
        operator = case when ${open} then coalesce(excluded.operator, r.operator) else r.operator end,
        rat = case when ${open} then coalesce(excluded.rat, r.rat) else r.rat end,
        imei = case when ${open} then coalesce(excluded.imei, r.imei) else r.imei end
      returning r.*
    ), done as (
      select f.i, f.company_id, f.sim_id, f.msu_cents, f.month_spend_cents, f.stopped as stopped_now, f.at, f.imei,
             f.operator as operator_now, f.rat as rat_now, u.nas, u.acct_session_id, u.started_at, u.stopped_at,
             u.bytes_up, u.bytes_down, u.operator, u.rat, u.imei as session_imei
      from found f join up u on u.nas = f.nas and u.acct_session_id = f.session_id
    ), state as (
      insert into sim_network_state as st (company_id, sim_id, online, last_seen_at, imei, rat, operator, session_started_at, updated_at)
      select distinct on (company_id, sim_id) company_id, sim_id, not stopped_now, at, imei, rat_now, operator_now,
             case when stopped_now then null else started_at end, now()
      from done where stopped_now or stopped_at is null
      order by company_id, sim_id, at desc
      on conflict (company_id, sim_id) do update set
        online = excluded.online,
        last_seen_at = greatest(st.last_seen_at, excluded.last_seen_at),
        imei = coalesce(excluded.imei, st.imei),
        rat = coalesce(excluded.rat, st.rat),
        cell = case when excluded.operator is null or st.cell like excluded.operator || '-%' then st.cell end,
        operator = coalesce(excluded.operator, st.operator),
        session_started_at = excluded.session_started_at,
        updated_at = excluded.updated_at
    ), unknown as (
      insert into radius_unknown_imsis as u (imsi, nas, packets, first_seen_at, last_seen_at)
      select imsi, (array_agg(nas order by at desc))[1], sum(packets), max(at), max(at)
      from t where imsi is not null and not exists (select 1 from found f where f.i = t.i)
      group by imsi order by imsi
      on conflict (imsi) do update set
        nas = excluded.nas, packets = u.packets + excluded.packets, last_seen_at = greatest(u.last_seen_at, excluded.last_seen_at)
    )${sql.join(extra)}
    select d.*, (d.stopped_at is not null and exists (
      select 1 from usage_sessions x where x.company_id = d.company_id and x.record_key = 'radius:' || d.nas || ':' || d.acct_session_id)) as recorded
    from done d`,
  );
  return new Map(
    rows.map((r) => {
      const companyId = Number(r.company_id);
      const simId = Number(r.sim_id);
      const stored: StoredSession = {
        nas: r.nas,
        sessionId: r.acct_session_id,
        companyId,
        simId,
        startedAt: new Date(r.started_at),
        stoppedAt: r.stopped_at === null ? null : new Date(r.stopped_at),
        bytesUp: Number(r.bytes_up),
        bytesDown: Number(r.bytes_down),
        operator: r.operator,
        rat: r.rat,
        imei: r.session_imei,
        usageRecorded: r.recorded,
      };
      return [r.i, { sim: { companyId, simId, msuCents: r.msu_cents, monthSpendCents: r.month_spend_cents }, stored }];
    }),
  );
}
