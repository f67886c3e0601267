/**
 * The public face of sims/events, the network event log (issue 25.2). Write events with
 * `recordSimEvents(tx, events)` inside the transaction of the change they tell of, then hand the
 * returned events to `announceSimEvents(bus, events)` after the commit (websocket push + `sim.event`
 * webhook).
 */
export { recordSimEvents } from './record.js';
export { registerSimEventRoutes } from './routes.js';
export { deleteExpiredSimEvents } from './retention.js';
export { announceSimEvents, onSimEvents, type SimEventPublisher, type SimEventsHook } from './announce.js';
export { blockEvents, userActor, type BlockChange, type SimEventActor } from './block-events.js';
export { logNetworkFeed, type NetworkFeed } from './network-feed.js';
export { sessionEvents, type ReportedSession } from './session-events.js';
export type { NewSimEvent, RecordedSimEvent, SimEventActorKind, SimEventDetails, SimEventType } from './types.js';
