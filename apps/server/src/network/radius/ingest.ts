import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordSimEvents, sessionEvents, type RecordedSimEvent, type ReportedSession } from '../../modules/sims/events/index.js';
import type { StoredNotificationEvent } from '../../modules/platform/notify/index.js';
import { evaluateAlerts } from '../../modules/sims/alerts/index.js';
import { enforceImeiLocks } from '../../modules/sims/imei-lock/index.js';
import type { NetworkEvent } from '../events.js';
import type { PacketCounters, DropReason } from './counters.js';
import { recordKeyOf, recordSessions, type FoundSim, type RecordedSession, type StoredSession } from './ingest-repository.js';
import { countryOfOperator } from '../rating.js';
import { mergeSessions, usageOf, type AcceptedPacket, type MergedSession } from './sessions.js';
import { nasCountersInsert, radiusLinkUpsert } from './stats-repository.js';

export interface IngestDeps {
  db: Db;
  counters: PacketCounters;
  /** The link's detail when it is time to write it again (a few seconds apart), else null. */
  linkDetail(): Record<string, unknown> | null;
}

/** A packet of the batch and when it arrived (the NAS's last packet time). */
export interface BatchPacket extends AcceptedPacket {
  receivedAt: Date;
}

/**
 * When a packet of a recorded batch may be answered: at once, once the batch's usage is applied, or
 * once the usage of an earlier batch still being applied is (a Stop repeated in the meantime).
 */
export type Answer = 'now' | 'usage' | 'earlier' | DropReason;

export interface RecordedBatch {
  answers: Answer[];
  /** Usage of the sessions this batch stopped, and MSU blocks, for applyNetworkEvents. */
  events: NetworkEvent[];
  /** Record keys of those sessions: until their usage is applied, a repeated Stop must not bill them again. */
  keys: string[];
  /** Event log entries of the batch (session start/stop, IMEI and network changes, IMEI lock and alert rule outcomes), to announce. */
  logged: RecordedSimEvent[];
  /** Notifications of the alert rules the batch's IMEI and network changes fired, to announce. */
  notifications: StoredNotificationEvent[];
}

/**
 * Commits one batch in one statement: the sessions, the SIMs' network state, the unknown IMSIs and
 * the packet counters counted before it. The usage of the sessions it stopped is applied after,
 * through the domain's sink (applyNetworkEvents: usage, rollups, month spend, MSU blocks) in its own transaction, as the
 * simulator's is — while the next batch records. Should the process die in between, the NAS repeats
 * the unanswered Stop and the usage lands then, once: its record key is NAS + Acct-Session-Id.
 */
export async function recordBatch(deps: IngestDeps, packets: BatchPacket[], applying: ReadonlySet<string>): Promise<RecordedBatch> {
  const sessions = mergeSessions(packets);
  const earlier = deps.counters.drain();
  const steps = [nasCountersInsert(earlier), linkStep(deps.linkDetail())].filter((step): step is SQL => step !== null);
  let recorded = new Map<number, RecordedSession>();
  try {
    if (sessions.length > 0) recorded = await recordSessions(deps.db, sessions, steps);
    else await runSteps(deps.db, steps);
  } catch (error) {
    deps.counters.restore(earlier);
    throw error;
  }
  // Accounting-On/Off and the like record nothing: they are answered as they are.
  const answers: Answer[] = packets.map((p) => (p.record.status === 'other' ? 'now' : 'unknown_subscriber'));
  const billed: StoredSession[] = [];
  const keys: string[] = [];
  const sims = new Map<number, FoundSim>();
  const reported: ReportedSession[] = [];
  sessions.forEach((merged, index) => {
    const found = recorded.get(index);
    if (!found) {
      for (const p of merged.indexes) answers[p] = merged.imsi ? 'unknown_imsi' : 'unknown_subscriber';
      return;
    }
    reported.push(reportedSession(merged, found.stored, packets));
    const key = recordKeyOf(merged.nas, merged.sessionId);
    sims.set(found.sim.simId, found.sim);
    let answer: Answer = 'now';
    if (applying.has(key)) answer = 'earlier';
    else {
      billed.push(found.stored);
      if (found.stored.stoppedAt && !found.stored.usageRecorded) {
        keys.push(key);
        answer = 'usage';
      }
    }
    for (const p of merged.indexes) answers[p] = answer;
  });
  // This batch's packets are counted now and written with the next batch (or within a second).
  packets.forEach((packet, index) => {
    const answer = answers[index] ?? 'now';
    if (answer === 'now' || answer === 'usage' || answer === 'earlier') deps.counters.accept(packet.nas, packet.receivedAt);
    else deps.counters.drop(packet.nas, answer, packet.receivedAt);
  });
  // Logged before the packets are answered: should this fail or the process die, the NAS repeats
  // them and a repeated Start or Stop is logged once (sessionEvents knows the SIM's last ones).
  // In the same transaction: a session start from another IMEI than the SIM's lock (logged, maybe a
  // block), and the alert rules on IMEI and network changes (usage rules see the usage at the Stop).
  const notifications: StoredNotificationEvent[] = [];
  const logged =
    reported.length === 0
      ? []
      : await deps.db.transaction(async (tx) => {
          const sessions = await recordSimEvents(tx, await sessionEvents(tx, reported));
          const events = [...sessions, ...(await enforceImeiLocks(tx, sessions))];
          await evaluateAlerts(tx, { usage: [], events, notifications });
          return events;
        });
  return { answers, events: usageOf(billed, sims), keys, logged, notifications };
}

/** What this batch says of a session: a Start opens it (IMEI from 3GPP-IMEISV), a Stop closes it. */
function reportedSession(merged: MergedSession, stored: StoredSession, packets: BatchPacket[]): ReportedSession {
  const operator = merged.operator ?? stored.operator;
  return {
    companyId: stored.companyId,
    simId: stored.simId,
    session: recordKeyOf(merged.nas, merged.sessionId),
    startedAt: stored.startedAt,
    endedAt: stored.stoppedAt,
    started: merged.indexes.some((p) => packets[p]?.record.status === 'start'),
    stopped: merged.stopped && stored.stoppedAt !== null,
    operator,
    country: operator ? countryOfOperator(operator) : null,
    imei: merged.imei,
    rat: merged.rat ?? stored.rat,
    bytesUp: stored.bytesUp,
    bytesDown: stored.bytesDown,
    reporter: merged.nas,
  };
}

const linkStep = (detail: Record<string, unknown> | null): SQL | null => detail && radiusLinkUpsert('up', detail);

/** The counters and the link alone (a batch of dropped packets only), still one round trip. */
async function runSteps(db: Db, steps: SQL[]): Promise<void> {
  if (steps.length === 0) return;
  await db.execute(sql`with ${sql.join(steps.map((step, i) => sql`${sql.raw(`step${i}`)} as (${step})`), sql`, `)} select 1`);
}
