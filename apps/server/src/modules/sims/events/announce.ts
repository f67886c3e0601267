import { SIM_EVENTS_PUSH_SIMS } from '@cab/contract/sim-events';
import type { EventBus } from '../../../realtime/bus.js';
import type { RecordedSimEvent } from './types.js';

/** Only publishing is needed, so tests can pass a spy instead of a bus over PostgreSQL. */
export type SimEventPublisher = Pick<EventBus, 'publish'>;

/** Where committed events go beyond sockets: the `sim.event` webhooks (set by notify-methods). */
export type SimEventsHook = (companyId: number, events: RecordedSimEvent[]) => void;
let deliveryHook: SimEventsHook | null = null;

/** Registers the one delivery hook (the process's notification delivery); returns what removes it if still this one. */
export function onSimEvents(hook: SimEventsHook): () => void {
  deliveryHook = hook;
  return () => {
    if (deliveryHook === hook) deliveryHook = null;
  };
}

/**
 * After the commit: one `sim_events` push per company naming the SIMs that got events (an open SIM
 * page or events page refetches), and the events handed to webhook delivery (queued, not awaited).
 * Returns the pushes that failed; the events are committed regardless and seen on the next load.
 * Without a bus (a network link that holds none, SMPP) only the webhooks hear of them.
 */
export async function announceSimEvents(bus: SimEventPublisher | null, events: RecordedSimEvent[]): Promise<number> {
  const byCompany = new Map<number, RecordedSimEvent[]>();
  for (const event of events) {
    const list = byCompany.get(event.companyId);
    if (list) list.push(event);
    else byCompany.set(event.companyId, [event]);
  }
  const pushes = await Promise.allSettled(
    [...byCompany].map(([companyId, companyEvents]) => {
      deliveryHook?.(companyId, companyEvents);
      const sims = [...new Set(companyEvents.map((event) => event.simId))];
      if (!bus) return Promise.resolve();
      return bus.publish({ companyId }, { type: 'sim_events', data: { sims: sims.slice(0, SIM_EVENTS_PUSH_SIMS), more: sims.length > SIM_EVENTS_PUSH_SIMS } });
    }),
  );
  return pushes.filter((push) => push.status === 'rejected').length;
}
