import type { Db } from '../../../db/client.js';
import { fillTemplate } from '../../../http/messages.js';
import type { EventBus } from '../../../realtime/bus.js';
import { inEveryLang, notifyEvent } from '../../platform/notify/index.js';
import { findBillingRecipients } from './repository.js';
import { BILLING_TEXTS, formatEuros } from './texts.js';

type NoticeText = keyof typeof BILLING_TEXTS;

/** Tells the company's billing recipients (category billing), each in their language. */
export async function notifyBilling(
  deps: { db: Db; bus: EventBus },
  companyId: number,
  notice: { text: NoticeText; type: 'warning' | 'info'; values: Record<string, string | number> },
): Promise<void> {
  const recipients = await findBillingRecipients(deps.db, companyId);
  // One event for all recipients: the company's notification methods hear of it once.
  await notifyEvent(deps.db, deps.bus, {
    companyId,
    category: 'billing',
    type: notice.type,
    link: '/docs',
    text: inEveryLang((lang) => fillTemplate(BILLING_TEXTS[notice.text][lang], notice.values)),
    recipients: recipients.map((user) => ({ userId: user.id, lang: user.lang, popup: true })),
  });
}

/**
 * After a posting: a balance that just fell to or below zero is announced, and any change of the
 * balance problem makes open tabs reload the user data (sidebar balance, empty-balance dialog).
 */
export async function announcePosting(
  deps: { db: Db; bus: EventBus },
  companyId: number,
  posted: { balanceProblemChanged: boolean; balanceProblem: boolean; balanceAfterCents: number },
): Promise<void> {
  await deps.bus.publish({ companyId }, { type: 'portal_update', data: {} });
  if (!posted.balanceProblemChanged || !posted.balanceProblem) return;
  await notifyBilling(deps, companyId, {
    text: 'balanceProblem',
    type: 'warning',
    values: { amount: formatEuros(posted.balanceAfterCents) },
  });
}
