import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { NetworkOperation, OperationParams } from '../../../network/adapter.js';
import type { BlockChange } from '../../sims/events/index.js';

const idArray = (simIds: number[]) => sql`${`{${simIds.join(',')}}`}::bigint[]`;

/**
 * What a successful network operation changes in our own records. Runs in the transaction that
 * records the outcomes, so a SIM's state and its result never disagree. Answers the SIMs whose
 * block state it changed (for the event log): a SIM already in that state is not among them.
 */
export async function applyEffects(
  db: Executor,
  operation: NetworkOperation,
  params: OperationParams,
  context: { companyId: number },
  simIds: number[],
): Promise<BlockChange[]> {
  if (simIds.length === 0) return [];
  const ids = idArray(simIds);
  const update = (set: SQL, extra: SQL = sql`true`) =>
    db.execute(sql`update sims set ${set}, updated_at = now() where id = any(${ids}) and ${extra}`);
  // The block type before comes from the statement's snapshot (`was`), the one after from the update.
  const changeBlock = async (set: SQL, extra: SQL): Promise<BlockChange[]> => {
    const rows = await queryRows<{ company_id: number | string; id: number | string; block_type: string; previous: string }>(
      db,
      sql`update sims set ${set}, updated_at = now()
        from (select id as was_id, block_type as was_block_type from sims where id = any(${ids})) was
        where sims.id = was.was_id and ${extra}
        returning sims.company_id, sims.id, sims.block_type, was.was_block_type as previous`,
    );
    return rows.map((r) => ({ companyId: Number(r.company_id), simId: Number(r.id), blockType: r.block_type, previous: r.previous }));
  };
  switch (operation) {
    case 'block':
      // A financial block lands only while the balance is still out: a top-up during the run wins.
      return changeBlock(
        sql`block_type = ${params.blockType ?? 'voluntary'}, block_reason = null`,
        params.blockType === 'financial'
          ? sql`block_type = 'none' and exists (select 1 from companies c where c.id = sims.company_id and c.balance_problem)`
          : sql`block_type = 'none'`,
      );
    case 'unblock':
      return changeBlock(sql`block_type = 'none', block_reason = null`, sql`block_type = ${params.blockType ?? 'voluntary'}`);
    case 'global_unblock':
      return changeBlock(sql`block_type = 'none', block_reason = null`, sql`block_type in ('voluntary', 'violation', 'msu', 'package_expiry')`);
    case 'set_limit':
      await update(sql`limit_mb = ${params.limitMb ?? null}`);
      return [];
    case 'balance':
      await update(sql`balance_cents = coalesce(balance_cents, 0) + ${params.amountCents ?? 0}`);
      return [];
    case 'tariff_package':
      await update(sql`package = ${params.packageName ?? null}`);
      return [];
    case 'package_reconnect':
      return changeBlock(sql`block_type = 'none', block_reason = null`, sql`block_type = 'package_expiry'`);
    case 'transfer':
      await db.execute(sql`delete from sim_group_members where sim_id = any(${ids})`);
      await update(sql`company_id = ${params.targetCompanyId ?? context.companyId}`);
      return [];
    case 'group':
      if (params.groupAction === 'remove') {
        await db.execute(sql`delete from sim_group_members where group_id = ${params.groupId ?? 0} and sim_id = any(${ids})`);
      } else {
        await db.execute(sql`
          insert into sim_group_members (company_id, group_id, sim_id)
          select g.company_id, g.id, s.id from sim_groups g cross join unnest(${ids}) as s(id)
          where g.id = ${params.groupId ?? 0}
          on conflict do nothing`);
      }
      return [];
    case 'disconnect':
    case 'reconnect':
    case 'ping':
    case 'sms':
    case 'get_limit':
      // Network-side only: the simulator keeps the session state and the message log.
      return [];
  }
}
