import {
  SAVED_VIEWS_PER_USER,
  SavedViewState,
  type SavedView,
  type SavedViewCreateRequest,
  type SavedViewUpdateRequest,
} from '@cab/contract/sim-tools';
import type { z } from 'zod';
import { hasPermission, mayWrite, type Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './views-repository.js';

/** A company admin (or root) looks after the company's shared views as well as the author. */
function mayEdit(principal: Principal, row: repo.ViewRow): boolean {
  if (row.user_id === principal.userId) return true;
  return row.shared && hasPermission(principal, 'users.manage');
}

/**
 * A shared view is the company's: changing one is refused a blocked company. The routes are open to
 * every user session (a personal view is the user's own), so whether the view is shared — the body's
 * flag or the stored row's — decides it here.
 */
function requireUnblocked(principal: Principal): void {
  if (!mayWrite(principal)) throw new AppError('company_blocked');
}

/** Sharing a view with the whole company is for those who work the SIMs (managers, admins). */
function requireMayShare(principal: Principal): void {
  if (!hasPermission(principal, 'sims.operate')) throw new AppError('forbidden');
  requireUnblocked(principal);
}

function toView(principal: Principal, row: repo.ViewRow): SavedView {
  const parsed = SavedViewState.safeParse(row.state);
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    // A view saved by an older version falls back to the default list, never to an error.
    state: parsed.success ? parsed.data : SavedViewState.parse({ filter: {}, columns: ['iccid'] }),
    owner: { id: row.user_id, first_name: row.first_name, last_name: row.last_name },
    editable: mayEdit(principal, row),
    updated: row.updated,
  };
}

export async function listViews(db: Db, principal: Principal): Promise<{ items: SavedView[] }> {
  const rows = await repo.listViews(db, principal.companyId, principal.userId);
  return { items: rows.map((row) => toView(principal, row)) };
}

/** A view the caller can see (its own, or shared in its company); anything else is 404. */
async function requireVisible(db: Db, principal: Principal, id: number): Promise<repo.ViewRow> {
  const row = await repo.findView(db, principal.companyId, id);
  if (!row || (row.user_id !== principal.userId && !row.shared)) throw new AppError('not_found');
  return row;
}

export async function createView(db: Db, principal: Principal, request: z.output<typeof SavedViewCreateRequest>): Promise<SavedView> {
  if (request.shared) requireMayShare(principal);
  const id = await db.transaction(async (tx) => {
    if ((await repo.countOwnViews(tx, principal.companyId, principal.userId)) >= SAVED_VIEWS_PER_USER) {
      throw new AppError('view_limit_reached', undefined, { max: SAVED_VIEWS_PER_USER });
    }
    if (await repo.nameTaken(tx, principal.companyId, principal.userId, request.name, null)) {
      throw new AppError('view_name_taken', { name: 'invalid' });
    }
    const created = await repo.insertView(tx, { companyId: principal.companyId, userId: principal.userId, ...request });
    await insertAudit(tx, { ...auditActor(principal), action: 'view_create', details: { id: created, shared: request.shared } });
    return created;
  });
  return requireVisible(db, principal, id).then((row) => toView(principal, row));
}

export async function updateView(db: Db, principal: Principal, request: z.output<typeof SavedViewUpdateRequest>): Promise<SavedView> {
  const row = await requireVisible(db, principal, request.id);
  if (!mayEdit(principal, row)) throw new AppError('forbidden');
  if (request.shared === true && !row.shared) requireMayShare(principal);
  if (row.shared) requireUnblocked(principal);
  await db.transaction(async (tx) => {
    if (request.name !== undefined && (await repo.nameTaken(tx, principal.companyId, row.user_id, request.name, row.id))) {
      throw new AppError('view_name_taken', { name: 'invalid' });
    }
    await repo.updateView(tx, principal.companyId, row.id, { name: request.name, shared: request.shared, state: request.state });
    await insertAudit(tx, { ...auditActor(principal), action: 'view_update', details: { id: row.id } });
  });
  return toView(principal, (await repo.findView(db, principal.companyId, row.id)) ?? row);
}

export async function deleteView(db: Db, principal: Principal, id: number): Promise<{ id: number }> {
  const row = await requireVisible(db, principal, id);
  if (!mayEdit(principal, row)) throw new AppError('forbidden');
  if (row.shared) requireUnblocked(principal);
  await db.transaction(async (tx) => {
    await repo.deleteView(tx, principal.companyId, row.id);
    await insertAudit(tx, { ...auditActor(principal), action: 'view_delete', details: { id: row.id, name: row.name } });
  });
  return { id: row.id };
}
