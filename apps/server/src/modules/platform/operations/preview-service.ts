import { PREVIEW_SIMS, type QueuePreviewRequest, type QueuePreviewResult } from '@cab/contract/operations';
import { profilesAllowing, UNCHANGED_RULES } from '@cab/contract/queue';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { selectionWhere } from '../queue/index.js';
import { countSelection, firstSims } from './repository.js';

/**
 * What a bulk confirm dialog shows: how many SIMs the selection holds, how many the operation will
 * take (profile rules), how many of those it would leave as they are (already blocked, …), and the
 * first few of them, with the same scope rules as creating it.
 */
export async function previewSelection(db: Db, principal: Principal, request: z.output<typeof QueuePreviewRequest>): Promise<QueuePreviewResult> {
  const where = await selectionWhere(db, principal, request.selection);
  const profiles = request.reason ? profilesAllowing(request.reason) : null;
  const unchangedWhen = request.reason ? (UNCHANGED_RULES[request.reason]?.when ?? null) : null;
  const [counts, first] = await Promise.all([countSelection(db, where, profiles, unchangedWhen), firstSims(db, where, PREVIEW_SIMS)]);
  return { count: Number(counts?.count ?? 0), eligible: Number(counts?.eligible ?? 0), unchanged: Number(counts?.unchanged ?? 0), first };
}
