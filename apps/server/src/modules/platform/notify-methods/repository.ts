import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { notifications } from '../../../db/schema.js';
import { notifyDeliveries, notifyMethods } from '../../../db/schema-accounts.js';

export type MethodRow = typeof notifyMethods.$inferSelect;
export type DeliveryRow = typeof notifyDeliveries.$inferSelect;

export interface MethodFields {
  type: number;
  destination: string;
  flagSim: boolean;
  flagBilling: boolean;
  flagNotify: boolean;
  secret: string | null;
}

/** notify_methods.type of a webhook (spec §3). */
export const WEBHOOK_METHOD_TYPE = 1;

const live = (companyId: number) => and(eq(notifyMethods.companyId, companyId), isNull(notifyMethods.deletedAt));

export async function listMethods(db: Executor, companyId: number): Promise<MethodRow[]> {
  return db.select().from(notifyMethods).where(live(companyId)).orderBy(notifyMethods.id);
}

export async function findMethod(db: Executor, companyId: number, id: number): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(notifyMethods)
    .where(and(live(companyId), eq(notifyMethods.id, id)));
  return row;
}

export async function insertMethod(db: Executor, companyId: number, fields: MethodFields): Promise<MethodRow> {
  const [row] = await db
    .insert(notifyMethods)
    .values({ companyId, ...fields })
    .returning();
  if (!row) throw new Error('notify method insert returned nothing');
  return row;
}

export async function updateMethod(
  db: Executor,
  companyId: number,
  id: number,
  fields: MethodFields,
): Promise<MethodRow | undefined> {
  const [row] = await db
    .update(notifyMethods)
    .set(fields)
    .where(and(live(companyId), eq(notifyMethods.id, id)))
    .returning();
  return row;
}

/** Soft delete: the delivery log keeps pointing at a method that still exists. */
export async function deleteMethod(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifyMethods)
    .set({ deletedAt: new Date() })
    .where(and(live(companyId), eq(notifyMethods.id, id)))
    .returning({ id: notifyMethods.id });
  return rows.length > 0;
}

/** The company's methods whose flag for this category is on. */
/** Companies with a live webhook method that takes SIM events. */
export async function companiesWithSimWebhooks(db: Executor): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ companyId: notifyMethods.companyId })
    .from(notifyMethods)
    .where(and(eq(notifyMethods.type, WEBHOOK_METHOD_TYPE), eq(notifyMethods.flagSim, true), isNull(notifyMethods.deletedAt)));
  return new Set(rows.map((r) => r.companyId));
}

export async function findMethodsFor(
  db: Executor,
  companyId: number,
  category: 'sim' | 'billing' | 'notify',
): Promise<MethodRow[]> {
  const flag = { sim: notifyMethods.flagSim, billing: notifyMethods.flagBilling, notify: notifyMethods.flagNotify }[
    category
  ];
  return db
    .select()
    .from(notifyMethods)
    .where(and(live(companyId), eq(flag, true)))
    .orderBy(notifyMethods.id);
}

/** An event's first row: what its deliveries carry (the text in that recipient's language) and link to. */
export async function findEventNotification(db: Executor, companyId: number, eventKey: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), eq(notifications.eventKey, eventKey)))
    .orderBy(asc(notifications.id))
    .limit(1);
  return row;
}

/** One delivery row per (event, method); a re-run dispatch finds the row already there. */
export async function insertDelivery(
  db: Executor,
  input: {
    companyId: number;
    methodId: number;
    notificationId: number | null;
    eventKey: string | null;
    payload: Record<string, unknown>;
  },
): Promise<DeliveryRow | undefined> {
  const [row] = await db.insert(notifyDeliveries).values(input).onConflictDoNothing().returning();
  return row;
}

export async function findDelivery(db: Executor, companyId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(notifyDeliveries)
    .where(and(eq(notifyDeliveries.companyId, companyId), eq(notifyDeliveries.id, id)));
  return row;
}

export async function countAttempt(db: Executor, companyId: number, id: number): Promise<void> {
  await db
    .update(notifyDeliveries)
    .set({ attempts: sql`${notifyDeliveries.attempts} + 1` })
    .where(and(eq(notifyDeliveries.companyId, companyId), eq(notifyDeliveries.id, id)));
}

export async function recordOutcome(
  db: Executor,
  companyId: number,
  id: number,
  outcome: { status: 'pending' | 'sent' | 'failed'; responseStatus: number | null; lastError: string | null },
): Promise<void> {
  await db
    .update(notifyDeliveries)
    .set({ ...outcome, ...(outcome.status === 'sent' ? { deliveredAt: new Date() } : {}) })
    .where(and(eq(notifyDeliveries.companyId, companyId), eq(notifyDeliveries.id, id)));
}

export async function listDeliveries(db: Executor, companyId: number, methodId: number, page: number, size: number) {
  const where = and(eq(notifyDeliveries.companyId, companyId), eq(notifyDeliveries.methodId, methodId));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(notifyDeliveries)
      .where(where)
      .orderBy(desc(notifyDeliveries.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(notifyDeliveries).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
