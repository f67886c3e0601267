import { LANGS, type Lang } from '@cab/contract/constants';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { EventBus } from '../../realtime/bus.js';
import { createNotification, type NewNotification } from '../notify/service.js';

export type Texts = Record<Lang, string>;

/**
 * Tells a company's admins (who order and pay) about an order or bill, each in their language, and
 * pushes the `order` event so open order and bill lists refresh. Runs after the commit.
 */
export async function noticeCompany(
  db: Db,
  bus: EventBus,
  notice: {
    companyId: number;
    orderId: number | null;
    billId: number | null;
    category: NewNotification['category'];
    type: NewNotification['type'];
    text: Texts;
    /** Who made the change: already told by the answer, so no popup for them. */
    actorId: number;
  },
): Promise<void> {
  const admins = await queryRows<{ id: number; lang: string }>(db, sql`
    select id::int as id, lang from users
    where company_id = ${notice.companyId} and role = 'admin' and active and deleted_at is null`);
  for (const admin of admins) {
    const lang = LANGS.find((l) => l === admin.lang) ?? 'ru';
    await createNotification(db, bus, {
      companyId: notice.companyId,
      userId: admin.id,
      type: notice.type,
      category: notice.category,
      text: notice.text[lang],
      popup: admin.id !== notice.actorId,
    });
  }
  await bus.publish(
    { companyId: notice.companyId },
    { type: 'order', data: { id: notice.orderId ?? notice.billId ?? 0, order_id: notice.orderId, bill_id: notice.billId } },
  );
}
