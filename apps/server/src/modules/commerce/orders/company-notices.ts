import type { Lang } from '@cab/contract/constants';
import type { Db } from '../../../db/client.js';
import type { EventBus } from '../../../realtime/bus.js';
import { type NotificationCategory, type NotificationEvent, notifyEvent } from '../../platform/notify/index.js';
import { findCompanyAdmins } from './repository.js';

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
    category: NotificationCategory;
    type: NotificationEvent['type'];
    text: Texts;
    /** Who made the change: already told by the answer, so no popup for them. */
    actorId: number;
  },
): Promise<void> {
  const admins = await findCompanyAdmins(db, notice.companyId);
  // One event for all admins: the company's notification methods hear of it once.
  await notifyEvent(db, bus, {
    companyId: notice.companyId,
    category: notice.category,
    type: notice.type,
    link: notice.orderId !== null ? '/orders' : '/docs',
    text: notice.text,
    recipients: admins.map((admin) => ({ userId: admin.id, lang: admin.lang, popup: admin.id !== notice.actorId })),
  });
  await bus.publish(
    { companyId: notice.companyId },
    { type: 'order', data: { id: notice.orderId ?? notice.billId ?? 0, order_id: notice.orderId, bill_id: notice.billId } },
  );
}
