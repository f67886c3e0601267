import { SMS_DIRECTIONS, SMS_INBOX_RANGE_MAX_DAYS, SMS_INBOX_SEARCH_MAX, SMS_INBOX_SIM_PATTERN, type SmsInboxFilter } from '@cab/contract/sms-inbox';
import { SMS_MESSAGE_STATUSES } from '@cab/contract/sms-messages';
import { matching, oneOf, text, urlState, type UrlField } from '@/lib/url-state';

/** A UTC day, YYYY-MM-DD, or null. */
const day: UrlField<string | null> = {
  read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null),
  write: (value) => value,
};

/** The inbox's filter in the URL (lib/url-state): a link to /sms?sim=… opens one SIM's messages. */
export const SMS_URL = urlState({
  sim: matching(/^\+?\d{0,22}$/, (raw) => raw.trim()),
  direction: oneOf(SMS_DIRECTIONS),
  status: oneOf(SMS_MESSAGE_STATUSES),
  from: day,
  to: day,
  q: text(SMS_INBOX_SEARCH_MAX),
});

export type SmsUrlState = ReturnType<typeof SMS_URL.parse>;

/** Why the filter cannot be asked as it is; null when it can. */
export type SmsFilterProblem = 'sim' | 'range_order' | 'range_long' | null;

const dayMs = (value: string) => Date.parse(`${value}T00:00:00Z`);

export function smsFilterProblem(state: SmsUrlState): SmsFilterProblem {
  if (state.sim && !SMS_INBOX_SIM_PATTERN.test(state.sim)) return 'sim';
  if (state.from && state.to) {
    if (state.from > state.to) return 'range_order';
    if ((dayMs(state.to) - dayMs(state.from)) / 86_400_000 + 1 > SMS_INBOX_RANGE_MAX_DAYS) return 'range_long';
  }
  return null;
}

/** The API's filter: only what is set (an unset range is the server's last 30 days). */
export function toSmsFilter(state: SmsUrlState): SmsInboxFilter {
  const q = state.q.trim();
  return {
    ...(state.sim ? { sim: state.sim } : {}),
    ...(state.direction ? { direction: state.direction } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(q ? { q } : {}),
  };
}

/** The same filter as the export's query string. */
export function smsExportQuery(filter: SmsInboxFilter, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  params.set('format', format);
  return params.toString();
}
