import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import type { NetworkOperation, OperationParams } from '../../../network/adapter.js';

const idArray = (simIds: number[]) => sql`${`{${simIds.join(',')}}`}::bigint[]`;

/**
 * What a successful network operation changes in our own records. Runs in the transaction that
 * records the outcomes, so a SIM's state and its result never disagree.
 */
export async function applyEffects(
  db: Executor,
  operation: NetworkOperation,
  params: OperationParams,
  context: { companyId: number },
  simIds: number[],
): Promise<void> {
  if (simIds.length === 0) return;
  const ids = idArray(simIds);
  const update = (set: SQL, extra: SQL = sql`true`) =>
    db.execute(sql`update sims set ${set}, updated_at = now() where id = any(${ids}) and ${extra}`);
  switch (operation) {
    case 'block':
      // A financial block lands only while the balance is still out: a top-up during the run wins.
      await update(
        sql`block_type = ${params.blockType ?? 'voluntary'}, block_reason = null`,
        params.blockType === 'financial'
          ? sql`block_type = 'none' and exists (select 1 from companies c where c.id = sims.company_id and c.balance_problem)`
          : sql`block_type = 'none'`,
      );
      return;
    case 'unblock':
      await update(sql`block_type = 'none', block_reason = null`, sql`block_type = ${params.blockType ?? 'voluntary'}`);
      return;
    case 'global_unblock':
      await update(sql`block_type = 'none', block_reason = null`, sql`block_type in ('voluntary', 'violation', 'msu', 'package_expiry')`);
      return;
    case 'set_limit':
      await update(sql`limit_mb = ${params.limitMb ?? null}`);
      return;
    case 'balance':
      await update(sql`balance_cents = coalesce(balance_cents, 0) + ${params.amountCents ?? 0}`);
      return;
    case 'tariff_package':
      await update(sql`package = ${params.packageName ?? null}`);
      return;
    case 'package_reconnect':
      await update(sql`block_type = 'none', block_reason = null`, sql`block_type = 'package_expiry'`);
      return;
    case 'transfer':
      await db.execute(sql`delete from sim_group_members where sim_id = any(${ids})`);
      await update(sql`company_id = ${params.targetCompanyId ?? context.companyId}`);
      return;
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
      return;
    case 'disconnect':
    case 'reconnect':
    case 'ping':
    case 'sms':
    case 'get_limit':
      // Network-side only: the simulator keeps the session state and the message log.
      return;
  }
}
