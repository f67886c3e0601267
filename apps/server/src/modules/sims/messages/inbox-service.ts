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
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './inbox-repository.js';
import { toSimMessage } from './service.js';

const DAY_MS = 86_400_000;
/** Rows an export reads per statement. */
const EXPORT_BATCH = 2000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The range a search covers, whole UTC days with both ends included: none given is the last
 * SMS_INBOX_DEFAULT_DAYS days up to today; one end alone takes the default length from it.
 */
export function resolveRange(filter: Pick<SmsInboxFilter, 'from' | 'to'>, now = new Date()): { from: string; to: string } {
  const span = (SMS_INBOX_DEFAULT_DAYS - 1) * DAY_MS;
  const to = filter.to ?? (filter.from ? dayOf(new Date(Math.min(startOf(filter.from).getTime() + span, now.getTime()))) : dayOf(now));
  const from = filter.from ?? dayOf(new Date(startOf(to).getTime() - span));
  if (from > to) throw new AppError('report_range_invalid', { from: 'invalid' });
  const days = (startOf(to).getTime() - startOf(from).getTime()) / DAY_MS + 1;
  if (days > SMS_INBOX_RANGE_MAX_DAYS) throw new AppError('sms_range_too_long', { to: 'invalid' }, { max: SMS_INBOX_RANGE_MAX_DAYS });
  return { from, to };
}

/** The caller's companies (one asked for, checked), the SIM filter and the range, checked once. */
async function resolveCriteria(db: Db, principal: Principal, filter: SmsInboxFilter): Promise<{ criteria: repo.InboxCriteria; from: string; to: string }> {
  const { from, to } = resolveRange(filter);
  const scope = await resolveCompanyScope(db, principal, filter.company ? [filter.company] : undefined, false);
  const simIds = filter.sim ? await repo.findSimIds(db, scope, filter.sim.replace(/^\+/, '')) : null;
  const criteria: repo.InboxCriteria = {
    scope,
    simIds,
    direction: filter.direction,
    status: filter.status,
    q: filter.q,
    fromTs: startOf(from),
    toTs: new Date(startOf(to).getTime() + DAY_MS),
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

const keyOf = (row: repo.InboxRow): string => `${row.at_us}:${row.id}`;

function parseCursor(cursor: string | undefined): repo.InboxKey | null {
  if (!cursor) return null;
  const [atUs = '0', id = '0'] = cursor.split(':');
  return { atUs, id: Number(id) };
}

/** A page of the company's messages, in and out, newest first. */
export async function listInbox(db: Db, principal: Principal, request: SmsInboxRequest): Promise<SmsInboxResult> {
  const { cursor, size, ...filter } = request;
  const { criteria, from, to } = await resolveCriteria(db, principal, filter);
  const rows = await repo.listInbox(db, criteria, parseCursor(cursor), size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { items: page.map(toItem), next: rows.length > size && last ? keyOf(last) : null, from, to };
}

/**
 * The messages an export writes, batch by batch through the same filter as the list. Checked before
 * the first byte: more than SMS_INBOX_EXPORT_MAX_ROWS is refused, so a file is never cut short.
 */
export async function prepareInboxExport(db: Db, principal: Principal, filter: SmsInboxFilter): Promise<{ rows: number; batches: () => AsyncGenerator<SmsInboxItem[]> }> {
  const { criteria } = await resolveCriteria(db, principal, filter);
  const count = await repo.countInbox(db, criteria, SMS_INBOX_EXPORT_MAX_ROWS + 1);
  if (count > SMS_INBOX_EXPORT_MAX_ROWS) throw new AppError('sms_export_too_large', undefined, { max: SMS_INBOX_EXPORT_MAX_ROWS });
  async function* batches() {
    let after: repo.InboxKey | null = null;
    for (;;) {
      const rows = await repo.listInbox(db, criteria, after, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map(toItem);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = parseCursor(keyOf(last));
    }
  }
  return { rows: count, batches };
}
