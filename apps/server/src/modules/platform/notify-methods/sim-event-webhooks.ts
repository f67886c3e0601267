import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client.js';
import { describeError } from '../../../log/loggable-error.js';
import { onSimEvents, type RecordedSimEvent } from '../../sims/events/index.js';
import type { DeliveryEvent } from './deliver.js';
import * as repo from './repository.js';

export const SIM_EVENTS_QUEUE = 'notify-sim-events';

/** Events of one company per webhook request: a busy network tick is a few requests, not thousands. */
export const SIM_EVENTS_PER_WEBHOOK = 100;

/**
 * How long the list of companies with SIM webhooks is kept: a network batch logs events for hundreds
 * of companies, most without a webhook, and each job of theirs was a row written, fetched and
 * completed for nothing. A method added in this process counts at once (forgetSimWebhookCompanies),
 * one added through another within this time.
 */
const SIM_WEBHOOK_COMPANIES_TTL_MS = 5_000;
let simWebhookCompanies: { companies: Promise<Set<number>>; loadedAt: number } | null = null;

export function forgetSimWebhookCompanies(): void {
  simWebhookCompanies = null;
}

function companiesWithSimWebhooks(db: Db): Promise<Set<number>> {
  const now = Date.now();
  if (!simWebhookCompanies || now - simWebhookCompanies.loadedAt > SIM_WEBHOOK_COMPANIES_TTL_MS) {
    const companies = repo.companiesWithSimWebhooks(db);
    simWebhookCompanies = { companies, loadedAt: now };
    // A failed read is tried again by the next batch, not kept.
    companies.catch(() => forgetSimWebhookCompanies());
  }
  return simWebhookCompanies.companies;
}

/** One webhook's worth of a company's events; `key` makes a re-run dispatch find its rows. */
export interface SimEventsJob {
  companyId: number;
  key: string;
  createdAt: string;
  events: WebhookSimEvent[];
}

/** An event as the `sim.event` webhook carries it (the API's shape, times as ISO strings). */
interface WebhookSimEvent {
  id: number;
  sim: number;
  type: string;
  at: string;
  actor: { kind: string; label: string | null };
  details: Record<string, unknown>;
}

/**
 * Sends every batch of committed event-log entries to delivery: the company's webhook methods with
 * the SIM flag get them as signed `sim.event` requests (no e-mail, Telegram or WhatsApp: a network's
 * events would flood them). Queued, not awaited: the caller's work does not wait for any webhook.
 */
export async function connectSimEventDelivery(boss: PgBoss, db: Db): Promise<void> {
  await boss.createQueue(SIM_EVENTS_QUEUE);
  forgetSimWebhookCompanies();
  const queue = async (companyId: number, events: RecordedSimEvent[]) => {
    if (!(await companiesWithSimWebhooks(db)).has(companyId)) return;
    const jobs = chunks(events, SIM_EVENTS_PER_WEBHOOK).map((chunk) => ({
      name: SIM_EVENTS_QUEUE,
      data: { companyId, key: randomUUID(), createdAt: new Date().toISOString(), events: chunk.map(toWebhookEvent) } satisfies SimEventsJob,
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    }));
    await boss.insert(jobs);
  };
  const off = onSimEvents((companyId, events) => {
    queue(companyId, events).catch((error: unknown) => console.error(`sim event webhooks not queued: ${describeError(error)}`));
  });
  boss.once('stopped', off);
}

/** One delivery row per webhook method; answers the new rows for delivery jobs. */
export async function dispatchSimEvents(db: Db, job: SimEventsJob): Promise<Array<{ companyId: number; deliveryId: number }>> {
  const methods = (await repo.findMethodsFor(db, job.companyId, 'sim')).filter((method) => method.type === repo.WEBHOOK_METHOD_TYPE);
  const event: DeliveryEvent & { events: WebhookSimEvent[] } = {
    id: null,
    event_key: job.key,
    type: 'sim.event',
    category: 'sim',
    text: `${job.events.length} SIM event(s)`,
    created_at: job.createdAt,
    company_id: job.companyId,
    events: job.events,
  };
  const rows = [];
  for (const method of methods) {
    const row = await repo.insertDelivery(db, { companyId: job.companyId, methodId: method.id, notificationId: null, eventKey: job.key, payload: { ...event } });
    if (row) rows.push({ companyId: row.companyId, deliveryId: row.id });
  }
  return rows;
}

function toWebhookEvent(event: RecordedSimEvent): WebhookSimEvent {
  return {
    id: event.id,
    sim: event.simId,
    type: event.type,
    at: event.at.toISOString(),
    actor: { kind: event.actor.kind, label: event.actor.label ?? null },
    details: event.details ?? {},
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
