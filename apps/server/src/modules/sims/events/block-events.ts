import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { NewSimEvent, SimEventActorKind } from './types.js';

/** Who an operation is done by, as the log names it. */
export interface SimEventActor {
  kind: SimEventActorKind;
  label?: string | null;
}

/** A SIM whose block state an operation really changed (one already in that state is not one). */
export interface BlockChange {
  companyId: number;
  simId: number;
  /** The block type now ('none' after an unblock). */
  blockType: string;
  /** The block type before. */
  previous: string;
}

/**
 * The actor of what a user started: root (by its role) or a user, named by e-mail. A financial block
 * is billing's whatever user the billing engine filed it under.
 */
export async function userActor(db: Executor, userId: number, options: { financial?: boolean } = {}): Promise<SimEventActor> {
  if (options.financial) return { kind: 'billing' };
  const [user] = await queryRows<{ email: string; role: string }>(db, sql`select email, role from users where id = ${userId}`);
  if (!user) return { kind: 'user', label: null };
  return { kind: user.role === 'root' ? 'root' : 'user', label: user.email };
}

/** One block or unblock event per SIM that changed, all at `at`. */
export function blockEvents(changes: BlockChange[], actor: SimEventActor, at: Date, details: { reason?: string | null; operation?: string } = {}): NewSimEvent[] {
  return changes.map((change) => {
    const unblocked = change.blockType === 'none';
    return {
      companyId: change.companyId,
      simId: change.simId,
      type: unblocked ? 'unblock' : 'block',
      at,
      actor,
      details: {
        block_type: unblocked ? change.previous : change.blockType,
        ...(details.reason ? { reason: details.reason } : {}),
        ...(details.operation ? { operation: details.operation } : {}),
      },
    };
  });
}
