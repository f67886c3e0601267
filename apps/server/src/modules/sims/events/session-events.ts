import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { NewSimEvent, SimEventDetails } from './types.js';

/** A data session as a network element reports it: what is new about it is `started` / `stopped`. */
export interface ReportedSession {
  companyId: number;
  simId: number;
  /** The element's id of the session (a CDR key, NAS + Acct-Session-Id): a repeated report logs nothing twice. */
  session: string;
  startedAt: Date;
  endedAt: Date | null;
  /** This report opens the session (log session_start, check the serving network and IMEI). */
  started: boolean;
  /** This report closes it (log session_stop with its bytes). */
  stopped: boolean;
  /** MCC-MNC of the serving network and its country, when reported. */
  operator: string | null;
  country: string | null;
  imei: string | null;
  rat: string | null;
  bytesUp: number;
  bytesDown: number;
  /** Who reported it (a NAS address), or null for the network as a whole. */
  reporter?: string | null;
}

interface LastKnown {
  operator: string | null;
  country: string | null;
  imei: string | null;
  lastStart: string | null;
  lastStop: string | null;
}

type Bigint = number | string;
/**
 * How far back a SIM's last session start and stop are looked for: a SIM whose last session is older
 * than its last this-many events (a burst of SMS, blocks) counts as having no known network yet.
 */
const RECENT_EVENTS = 50;
const simKey = (companyId: number, simId: number) => `${companyId}:${simId}`;

/**
 * The log's events for reported sessions: session start and stop, and, at a start, a country or
 * operator change and an IMEI change against the SIM's last known ones (its last logged session
 * start, then the batch's earlier sessions). One query reads what the log last knew of every SIM.
 */
export async function sessionEvents(db: Executor, sessions: ReportedSession[]): Promise<NewSimEvent[]> {
  if (sessions.length === 0) return [];
  const known = await readLastKnown(db, sessions);
  const events: NewSimEvent[] = [];
  const ordered = [...sessions].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const session of ordered) {
    const key = simKey(session.companyId, session.simId);
    const last = known.get(key) ?? { operator: null, country: null, imei: null, lastStart: null, lastStop: null };
    const base = { companyId: session.companyId, simId: session.simId, actor: { kind: 'network' as const, label: session.reporter ?? null } };
    const network: SimEventDetails = { operator: session.operator, country: session.country };
    if (session.started && last.lastStart !== session.session) {
      if (session.operator && last.operator && (session.operator !== last.operator || session.country !== last.country)) {
        events.push({ ...base, type: 'network_change', at: session.startedAt, details: { ...network, previous_operator: last.operator, previous_country: last.country } });
      }
      if (session.imei && last.imei && session.imei !== last.imei) {
        events.push({ ...base, type: 'imei_change', at: session.startedAt, details: { imei: session.imei, previous_imei: last.imei } });
      }
      events.push({ ...base, type: 'session_start', at: session.startedAt, details: { session: session.session, ...network, imei: session.imei, rat: session.rat } });
      last.lastStart = session.session;
      last.operator = session.operator ?? last.operator;
      last.country = session.operator ? session.country : last.country;
      last.imei = session.imei ?? last.imei;
    }
    if (session.stopped && last.lastStop !== session.session) {
      events.push({
        ...base,
        type: 'session_stop',
        at: session.endedAt ?? session.startedAt,
        details: { session: session.session, ...network, bytes_up: session.bytesUp, bytes_down: session.bytesDown },
      });
      last.lastStop = session.session;
    }
    known.set(key, last);
  }
  return events;
}

/** Each SIM's last logged session start (its network and IMEI) and the session of its last stop, among its recent events. */
async function readLastKnown(db: Executor, sessions: ReportedSession[]): Promise<Map<string, LastKnown>> {
  const sims = [...new Map(sessions.map((s) => [simKey(s.companyId, s.simId), { company_id: s.companyId, sim_id: s.simId }])).values()];
  // The SIM's newest events by its own index (sim_events_sim_idx), then the type among them: asked by
  // type directly, the planner may walk the company's type index instead and read the whole company.
  const recent = sql`(select e.type, e.at, e.id, e.details from sim_events e where e.company_id = t.company_id and e.sim_id = t.sim_id
    order by e.at desc, e.id desc limit ${RECENT_EVENTS})`;
  const rows = await queryRows<{ company_id: Bigint; sim_id: Bigint; start: SimEventDetails | null; stop: string | null }>(
    db,
    sql`
    select t.company_id, t.sim_id,
      (select r.details from ${recent} r where r.type = 'session_start' order by r.at desc, r.id desc limit 1) as start,
      (select r.details->>'session' from ${recent} r where r.type = 'session_stop' order by r.at desc, r.id desc limit 1) as stop
    from jsonb_to_recordset(${JSON.stringify(sims)}::jsonb) as t(company_id bigint, sim_id bigint)`,
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return new Map(
    rows.map((row) => [
      simKey(Number(row.company_id), Number(row.sim_id)),
      {
        operator: text(row.start?.operator),
        country: text(row.start?.country),
        imei: text(row.start?.imei),
        lastStart: text(row.start?.session),
        lastStop: row.stop,
      },
    ]),
  );
}
