import type { BlockType, SimProfile } from '@cab/contract/constants';
import type { QueueParams, SimQueueReason } from '@cab/contract/queue';
import type { Permission } from '@cab/contract/roles';
import { BALANCE_CHANGE_PATTERN } from '@cab/contract/queue';
import { PROFILE_RULES } from '@cab/contract/sims';
import { SIM_PROFILES } from '@cab/contract/constants';
import { AppError } from '../../http/errors.js';
import type { NetworkOperation, OperationParams } from '../../network/adapter.js';

export interface OperationSpec {
  operation: NetworkOperation;
  permission: Permission;
  /** Profiles whose SIMs may take the operation. */
  profiles: readonly SimProfile[];
  /** Block types that make a SIM fail without asking the network (e.g. unblocking a financial block). */
  refuseBlockTypes?: readonly BlockType[];
  /** Checks and normalizes the parameters; throws a field error when they are wrong. */
  params(input: QueueParams): OperationParams;
}

const ALL = SIM_PROFILES;
const profilesWhere = (rule: keyof (typeof PROFILE_RULES)['TC']) => SIM_PROFILES.filter((p) => PROFILE_RULES[p][rule]);
const none = () => ({});

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new AppError('validation_failed', { [field]: 'required' });
  return value;
}

/** What each queue reason does, who may start it and on which SIMs (ARCHITECTURE §7). */
export const OPERATIONS: Record<SimQueueReason, OperationSpec> = {
  queue_block: { operation: 'block', permission: 'sims.operate', profiles: ALL, params: none },
  queue_unblock: {
    operation: 'unblock',
    permission: 'sims.operate',
    profiles: ALL,
    // Only a voluntary block is the customer's to lift; the others have their own way out.
    refuseBlockTypes: ['financial', 'violation', 'msu', 'package_expiry'],
    params: none,
  },
  queue_global_unblock: {
    operation: 'global_unblock',
    permission: 'sims.operate',
    profiles: ALL,
    refuseBlockTypes: ['financial', 'msu'],
    params: none,
  },
  queue_disconnect: { operation: 'disconnect', permission: 'sims.operate', profiles: ALL, params: none },
  queue_reconnect: { operation: 'reconnect', permission: 'sims.operate', profiles: ALL, params: none },
  queue_ping: { operation: 'ping', permission: 'sims.operate', profiles: ALL, params: none },
  queue_sms: {
    operation: 'sms',
    permission: 'sims.operate',
    profiles: ALL,
    params: (p) => ({ text: required(p.text, 'text') }),
  },
  queue_limit: {
    operation: 'set_limit',
    permission: 'sims.operate',
    profiles: profilesWhere('limit'),
    params: (p) => ({ limitMb: required(p.limit_mb, 'limit_mb'), repeat: p.repeat ?? 0 }),
  },
  queue_get_limit: { operation: 'get_limit', permission: 'sims.operate', profiles: profilesWhere('limit'), params: none },
  queue_balance: {
    operation: 'balance',
    permission: 'sims.operate',
    profiles: profilesWhere('balance'),
    params: (p) => ({ amountCents: parseBalanceChange(required(p.amount, 'amount')) }),
  },
  queue_tariff_package: {
    operation: 'tariff_package',
    permission: 'sims.operate',
    profiles: profilesWhere('package'),
    params: (p) => ({ packageName: required(p.package, 'package') }),
  },
  queue_package_reconnect: {
    operation: 'package_reconnect',
    permission: 'sims.operate',
    profiles: profilesWhere('package'),
    params: none,
  },
  queue_transfer: {
    operation: 'transfer',
    permission: 'sims.transfer',
    profiles: ALL,
    params: (p) => ({ targetCompanyId: required(p.company_id, 'company_id') }),
  },
  queue_group: {
    operation: 'group',
    permission: 'groups.manage',
    profiles: ALL,
    params: (p) => ({ groupId: required(p.group_id, 'group_id'), groupAction: p.group_action ?? 'add' }),
  },
};

/** "+12.50" → 1250, "-3" → -300 (spec §5: +N or -N EUR). */
export function parseBalanceChange(text: string): number {
  if (!BALANCE_CHANGE_PATTERN.test(text)) throw new AppError('validation_failed', { amount: 'invalid' });
  const cents = Math.round(Number(text) * 100);
  if (cents === 0) throw new AppError('validation_failed', { amount: 'invalid' });
  return cents;
}
