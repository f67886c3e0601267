import type { RequestState } from '@cab/contract/agents';
import type { Lang } from '@cab/contract/constants';

/** Request states as people read them (spec §4), for notifications and mails. */
export const STATE_TEXT: Record<RequestState, Record<Lang, string>> = {
  awaiting: { ru: 'ожидает', en: 'awaiting' },
  approving: { ru: 'на согласовании', en: 'approving' },
  awaiting_agent: { ru: 'ожидает действий агента', en: 'awaiting agent action' },
  paid_awaiting_agent: { ru: 'оплачена и ожидает действий агента', en: 'paid and awaiting agent action' },
  paid: { ru: 'оплачена', en: 'paid' },
  declined: { ru: 'отклонена', en: 'declined' },
};

const eur = (cents: number) => (cents / 100).toFixed(2);

export function requestNoticeText(id: number, amountCents: number, state: RequestState, lang: Lang): string {
  return lang === 'ru'
    ? `Заявка на вывод №${id} на ${eur(amountCents)} EUR: ${STATE_TEXT[state].ru}`
    : `Withdrawal request #${id} for ${eur(amountCents)} EUR: ${STATE_TEXT[state].en}`;
}
