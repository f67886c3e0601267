import type { AuditAction } from '@cab/contract/company-audit';
import type { Group, GroupListResult } from '@cab/contract/groups';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

/** Groups belong to the principal's own company; SIMs join and leave them through the queue. */
export async function listGroups(db: Db, principal: Principal): Promise<GroupListResult> {
  const items = await repo.listGroups(db, principal.companyId);
  return { items, total: items.length };
}

async function audit(db: Executor, principal: Principal, action: AuditAction, details: Record<string, unknown>) {
  await insertAudit(db, { ...auditActor(principal), action, details });
}

export async function createGroup(db: Db, principal: Principal, name: string): Promise<Group> {
  // The audit row commits with the group or neither does.
  const id = await db.transaction(async (tx) => {
    const inserted = await repo.insertGroup(tx, principal.companyId, name);
    if (inserted === null) throw new AppError('group_name_taken', { name: 'invalid' });
    await audit(tx, principal, 'group_create', { id: inserted, name });
    return inserted;
  });
  const group = await repo.findGroup(db, principal.companyId, id);
  if (!group) throw new AppError('not_found');
  return group;
}

export async function renameGroup(db: Db, principal: Principal, id: number, name: string): Promise<Group> {
  await db.transaction(async (tx) => {
    const outcome = await repo.renameGroup(tx, principal.companyId, id, name);
    if (outcome === 'missing') throw new AppError('not_found');
    if (outcome === 'taken') throw new AppError('group_name_taken', { name: 'invalid' });
    await audit(tx, principal, 'group_rename', { id, name });
  });
  const group = await repo.findGroup(db, principal.companyId, id);
  if (!group) throw new AppError('not_found');
  return group;
}

export async function deleteGroup(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteGroup(tx, principal.companyId, id))) throw new AppError('not_found');
    await audit(tx, principal, 'group_delete', { id });
  });
}
