import { PREVIEW_SIMS, type QueuePreviewRequest, type QueuePreviewResult } from '@cab/contract/operations';
import { profilesAllowing } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal.js';
import { queryRows, type Db } from '../../../db/client.js';
import { selectionWhere } from '../queue/index.js';

/**
 * What a bulk confirm dialog shows: how many SIMs the selection holds, how many the operation will
 * take (profile rules), and the first few of them, with the same scope rules as creating it.
 */
export async function previewSelection(db: Db, principal: Principal, request: z.output<typeof QueuePreviewRequest>): Promise<QueuePreviewResult> {
  const where = await selectionWhere(db, principal, request.selection);
  const eligible = request.reason ? sql`s.profile in ${profilesAllowing(request.reason)}` : sql`true`;
  const [counts, first] = await Promise.all([
    queryRows<{ count: number; eligible: number }>(db, sql`
      select count(*)::int as count, count(*) filter (where ${eligible})::int as eligible from sims s where ${where}`),
    queryRows<{ id: number; iccid: string; msisdn: string; name: string | null }>(db, sql`
      select s.id::int as id, s.iccid, s.msisdn, s.name from sims s where ${where} order by s.iccid limit ${PREVIEW_SIMS}`),
  ]);
  return { count: Number(counts[0]?.count ?? 0), eligible: Number(counts[0]?.eligible ?? 0), first };
}
