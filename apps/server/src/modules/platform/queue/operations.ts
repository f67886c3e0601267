import type { BlockType } from '@cab/contract/constants';
import type { QueueParams, SimQueueReason } from '@cab/contract/queue';
import { BALANCE_CHANGE_PATTERN } from '@cab/contract/queue';
import { AppError } from '../../../http/errors.js';
import type { NetworkOperation, OperationParams } from '../../../network/adapter.js';

/**
 * Operations the cabinet carries out on its own records, never asking the network: the IMEI lock (the
 * cabinet enforces it on the sessions the network reports, modules/sims/imei-lock) and the bulk edit
 * of names, external ids and labels (modules/sims/edit).
 */
export const LOCAL_OPERATIONS = ['imei_lock', 'imei_unlock', 'sim_edit'] as const;
export type LocalOperation = (typeof LOCAL_OPERATIONS)[number];
export type QueueOperation = NetworkOperation | LocalOperation;

export const isLocalOperation = (operation: QueueOperation): operation is LocalOperation =>
  (LOCAL_OPERATIONS as readonly string[]).includes(operation);

/** How the server carries out each reason; who may start it and on which profiles is in the contract. */
export interface OperationSpec {
  operation: QueueOperation;
  /** Block types that make a SIM fail without asking the network (e.g. unblocking a financial block). */
  refuseBlockTypes?: readonly BlockType[];
  /** Checks and normalizes the parameters; throws a field error when they are wrong. */
  params(input: QueueParams): OperationParams;
}

const none = () => ({});

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new AppError('validation_failed', { [field]: 'required' });
  return value;
}

/** What each queue reason does on the network and which SIMs it refuses (ARCHITECTURE §7). */
export const OPERATIONS: Record<SimQueueReason, OperationSpec> = {
  queue_block: { operation: 'block', params: none },
  queue_unblock: {
    operation: 'unblock',
    // Only a voluntary block is the customer's to lift; the others have their own way out.
    refuseBlockTypes: ['financial', 'violation', 'msu', 'package_expiry'],
    params: none,
  },
  queue_global_unblock: {
    operation: 'global_unblock',
    // Root's tool lifts every block but financial: only a balance back above zero lifts that one.
    refuseBlockTypes: ['financial'],
    params: none,
  },
  queue_disconnect: { operation: 'disconnect', params: none },
  queue_reconnect: { operation: 'reconnect', params: none },
  queue_ping: { operation: 'ping', params: none },
  queue_sms: {
    operation: 'sms',
    params: (p) => ({ text: required(p.text, 'text') }),
  },
  queue_limit: {
    operation: 'set_limit',
    params: (p) => ({ limitMb: required(p.limit_mb, 'limit_mb'), repeat: p.repeat ?? 0 }),
  },
  queue_get_limit: { operation: 'get_limit', params: none },
  queue_balance: {
    operation: 'balance',
    params: (p) => ({ amountCents: parseBalanceChange(required(p.amount, 'amount')) }),
  },
  queue_tariff_package: {
    operation: 'tariff_package',
    params: (p) => ({ packageName: required(p.package, 'package') }),
  },
  queue_package_reconnect: {
    operation: 'package_reconnect',
    params: none,
  },
  queue_transfer: {
    operation: 'transfer',
    params: (p) => ({ targetCompanyId: required(p.company_id, 'company_id') }),
  },
  queue_group: {
    operation: 'group',
    params: (p) => ({ groupId: required(p.group_id, 'group_id'), groupAction: p.group_action ?? 'add' }),
  },
  queue_imei_lock: {
    operation: 'imei_lock',
    params: (p) => ({ imei: p.imei, imeiBlock: p.imei_block ?? false }),
  },
  queue_imei_unlock: { operation: 'imei_unlock', params: none },
  queue_sim_edit: { operation: 'sim_edit', params: none },
};

/** "+12.50" → 1250, "-3" → -300 (spec §5: +N or -N EUR). */
export function parseBalanceChange(text: string): number {
  if (!BALANCE_CHANGE_PATTERN.test(text)) throw new AppError('validation_failed', { amount: 'invalid' });
  const cents = Math.round(Number(text) * 100);
  if (cents === 0) throw new AppError('validation_failed', { amount: 'invalid' });
  return cents;
}
