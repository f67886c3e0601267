import { SMS_DIRECTIONS, SMS_INBOX_RANGE_MAX_DAYS, SMS_INBOX_SEARCH_MAX, SMS_INBOX_SIM_PATTERN, type SmsInboxFilter } from '@cab/contract/sms-inbox';
import { SMS_MESSAGE_STATUSES } from '@cab/contract/sms-messages';
import { exportQuery } from '@/lib/download-file';
import { dayRangeProblem } from '@/lib/iso-day';
import { isoDay, matching, oneOf, text, urlState } from '@/lib/url-state';

/** The inbox's filter in the URL (lib/url-state): a link to /sms?sim=… opens one SIM's messages. */
export const SMS_URL = urlState({
  sim: matching(/^\+?\d{0,22}$/, (raw) => raw.trim()),
  direction: oneOf(SMS_DIRECTIONS),
  status: oneOf(SMS_MESSAGE_STATUSES),
  from: isoDay,
  to: isoDay,
  q: text(SMS_INBOX_SEARCH_MAX),
});

export type SmsUrlState = ReturnType<typeof SMS_URL.parse>;

/** Why the filter cannot be asked as it is; null when it can. */
export type SmsFilterProblem = 'sim' | 'range_order' | 'range_long' | null;

export function smsFilterProblem(state: SmsUrlState): SmsFilterProblem {
  if (state.sim && !SMS_INBOX_SIM_PATTERN.test(state.sim)) return 'sim';
  return dayRangeProblem(state.from, state.to, SMS_INBOX_RANGE_MAX_DAYS);
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
export const smsExportQuery = (filter: SmsInboxFilter, format: 'csv' | 'xlsx'): string => exportQuery(filter, format);
