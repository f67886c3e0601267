import {
  SMS_INBOX_DEFAULT_DAYS,
  SMS_INBOX_EXPORT_MAX_ROWS,
  SMS_INBOX_RANGE_MAX_DAYS,
  type SmsInboxFilter,
  type SmsInboxItem,
  type SmsInboxRequest,
  type SmsInboxResult,
} from '@cab/contract/sms-inbox';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { pageOfRows, parseTimeCursor, rowsByKeyset } from '../../../formats/time-cursor.js';
import { endOfDay, resolveDayRange, startOfDay } from '../../../formats/day-range.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './inbox-repository.js';
import { toSimMessage } from './service.js';

/** Rows an export reads per statement. */
const EXPORT_BATCH = 2000;

const SMS_RANGE = { defaultDays: SMS_INBOX_DEFAULT_DAYS, maxDays: SMS_INBOX_RANGE_MAX_DAYS, tooLong: 'sms_range_too_long' } as const;

/** The caller's companies (one asked for, checked), the SIM filter and the range, checked once. */
async function resolveCriteria(db: Db, principal: Principal, filter: SmsInboxFilter): Promise<{ criteria: repo.InboxCriteria; from: string; to: string }> {
  const { from, to } = resolveDayRange(filter, SMS_RANGE);
  const scope = await resolveCompanyScope(db, principal, filter.company ? [filter.company] : undefined, false);
  const simIds = filter.sim ? await repo.findSimIds(db, scope, filter.sim.replace(/^\+/, '')) : null;
  const criteria: repo.InboxCriteria = {
    scope,
    simIds,
    direction: filter.direction,
    status: filter.status,
    q: filter.q,
    fromTs: startOfDay(from),
    toTs: endOfDay(to),
  };
  return { criteria, from, to };
}

function toItem(row: repo.InboxRow): SmsInboxItem {
  return {
    ...toSimMessage(row),
    company_id: row.company_id,
    sim_id: row.sim_id,
    iccid: row.iccid,
    msisdn: row.msisdn || null,
    sim_name: row.sim_name,
  };
}

/** A page of the company's messages, in and out, newest first. */
export async function listInbox(db: Db, principal: Principal, request: SmsInboxRequest): Promise<SmsInboxResult> {
  const { cursor, size, ...filter } = request;
  const { criteria, from, to } = await resolveCriteria(db, principal, filter);
  const rows = await repo.listInbox(db, criteria, parseTimeCursor(cursor), size + 1);
  return { ...pageOfRows(rows, size, toItem), from, to };
}

/**
 * The messages an export writes, batch by batch through the same filter as the list. Checked before
 * the first byte: more than SMS_INBOX_EXPORT_MAX_ROWS is refused, so a file is never cut short.
 */
export async function prepareInboxExport(db: Db, principal: Principal, filter: SmsInboxFilter): Promise<{ rows: number; batches: () => AsyncGenerator<SmsInboxItem[]> }> {
  const { criteria } = await resolveCriteria(db, principal, filter);
  const count = await repo.countInbox(db, criteria, SMS_INBOX_EXPORT_MAX_ROWS + 1);
  if (count > SMS_INBOX_EXPORT_MAX_ROWS) throw new AppError('sms_export_too_large', undefined, { max: SMS_INBOX_EXPORT_MAX_ROWS });
  return { rows: count, batches: () => rowsByKeyset((after, limit) => repo.listInbox(db, criteria, after, limit), toItem, EXPORT_BATCH) };
}
