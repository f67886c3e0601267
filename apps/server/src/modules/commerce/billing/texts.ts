import type { Lang } from '@cab/contract/constants';
import { fillTemplate } from '../../../http/messages.js';

type Texts = Record<Lang, string>;

/** Notification texts of billing; {amount} is in EUR with two decimals. */
export const BILLING_TEXTS = {
  balanceProblem: {
    ru: 'Баланс компании исчерпан ({amount} EUR). Пополните счёт: после льготного периода SIM-карты будут заблокированы.',
    en: 'The company balance is exhausted ({amount} EUR). Please top up: after the grace period the SIM cards will be blocked.',
  },
  monthlyBill: {
    ru: 'Выставлен счёт {number} за {period} на сумму {amount} EUR',
    en: 'Bill {number} for {period} has been issued: {amount} EUR',
  },
} satisfies Record<string, Texts>;

/**
 * Ledger rows the system writes carry a reason code "<code>:<detail>" instead of prose, so the
 * deposit page shows them in the reader's language. Root's own reasons are stored as typed.
 */
export const SYSTEM_REASONS = {
  sim_fee: { ru: 'Абонентская плата за SIM-карты, {detail}', en: 'SIM fee, {detail}' },
  usage: { ru: 'Трафик, SMS и звонки, {detail}', en: 'Data, SMS and calls, {detail}' },
  monthly_bill: { ru: 'Ежемесячный счёт за {detail}', en: 'Monthly bill for {detail}' },
  opening_balance: { ru: 'Начальный баланс', en: 'Opening balance' },
} satisfies Record<string, Texts>;
export type SystemReason = keyof typeof SYSTEM_REASONS;

export function systemReason(code: SystemReason, detail = ''): string {
  return `${code}:${detail}`;
}

/** The reason as the reader should see it; only author-less rows are read as codes. */
export function describeReason(reason: string | null, hasAuthor: boolean, lang: Lang): string | null {
  if (reason === null || hasAuthor) return reason;
  const separator = reason.indexOf(':');
  const code = reason.slice(0, separator);
  if (separator < 0 || !(code in SYSTEM_REASONS)) return reason;
  return fillTemplate(SYSTEM_REASONS[code as SystemReason][lang], { detail: reason.slice(separator + 1) });
}

export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
