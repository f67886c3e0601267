import { SMS_MESSAGE_STATUSES, type SimMessage, type SimMessagesRequest, type SimMessagesResult } from '@cab/contract/sms-messages';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { findSim } from '../list/index.js';
import * as repo from './repository.js';

/** A SIM's messages, newest first; a SIM outside the caller's companies answers 404 like its page. */
export async function listSimMessages(db: Db, principal: Principal, request: SimMessagesRequest): Promise<SimMessagesResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const sim = await findSim(db, scope, request.id);
  if (!sim) throw new AppError('not_found');
  const { rows, total } = await repo.listMessages(db, { companyId: sim.company_id, simId: sim.id }, request.size, request.page * request.size);
  return {
    total,
    items: rows.map(toSimMessage),
  };
}

/** A stored message as the API answers it: on the SIM page, and as the core of an inbox item. */
export function toSimMessage(row: Omit<SimMessage, 'qid' | 'direction' | 'status'> & { direction: string; status: string; queue_id: number | null }): SimMessage {
  return {
    id: row.id,
    direction: row.direction === 'in' ? 'in' : 'out',
    peer: row.peer,
    text: row.text,
    status: SMS_MESSAGE_STATUSES.find((s) => s === row.status) ?? 'queued',
    detail: row.detail,
    qid: row.queue_id,
    created: row.created,
    updated: row.updated,
  };
}
