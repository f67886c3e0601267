import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { NewSimEvent, RecordedSimEvent, SimEventDetails } from './types.js';

const DETAIL_KEYS_MAX = 16;
const DETAIL_KEY_MAX = 40;
const DETAIL_TEXT_MAX = 200;
const ACTOR_LABEL_MAX = 254;

type Bigint = number | string;

/**
 * Writes events in ONE statement (rows travel as one JSON parameter), so a tick of thousands costs
 * one round trip. Pass the caller's transaction: the events commit with the change they tell of.
 * Announce the returned events (announceSimEvents) only after that commit.
 */
export async function recordSimEvents(db: Executor, events: NewSimEvent[]): Promise<RecordedSimEvent[]> {
  if (events.length === 0) return [];
  const bounded = events.map(boundEvent);
  const payload = JSON.stringify(
    bounded.map((e, n) => ({
      n,
      company_id: e.companyId,
      sim_id: e.simId,
      type: e.type,
      at: e.at.toISOString(),
      actor_kind: e.actor.kind,
      actor_label: e.actor.label ?? null,
      details: e.details ?? {},
    })),
  );
  // Ids are taken in the payload's order, so numbering the returned ids in order matches them back to it.
  const rows = await queryRows<{ id: Bigint; n: number }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${payload}::jsonb) as t(
        n integer, company_id bigint, sim_id bigint, type text, at timestamptz, actor_kind text, actor_label text, details jsonb)
    ), written as (
      insert into sim_events (company_id, sim_id, type, at, actor_kind, actor_label, details)
      select company_id, sim_id, type, at, actor_kind, actor_label, details from input order by n
      returning id
    )
    select id, (row_number() over (order by id))::int - 1 as n from written`,
  );
  const ids = new Map(rows.map((r) => [r.n, Number(r.id)]));
  return bounded.map((event, n) => ({ ...event, id: ids.get(n) ?? 0 }));
}

function boundEvent(event: NewSimEvent): NewSimEvent {
  return {
    ...event,
    actor: { kind: event.actor.kind, label: event.actor.label?.slice(0, ACTOR_LABEL_MAX) ?? null },
    details: boundDetails(event.details ?? {}),
  };
}

function boundDetails(details: SimEventDetails): SimEventDetails {
  const bounded: SimEventDetails = {};
  for (const [key, value] of Object.entries(details).slice(0, DETAIL_KEYS_MAX)) {
    bounded[key.slice(0, DETAIL_KEY_MAX)] = typeof value === 'string' ? value.slice(0, DETAIL_TEXT_MAX) : value;
  }
  return bounded;
}
