import type { SimProfile } from '@cab/contract/constants';
import { SIM_OPERATION_RULES, UNCHANGED_RULES, profilesAllowing, type CreatableQueueReason, type SimQueueReason, type UnchangedReason } from '@cab/contract/queue';
import { can, type Role } from '@cab/contract/roles';

/** Operations that stop SIMs working or move them away: their confirm button is red. */
export const DESTRUCTIVE_REASONS: ReadonlySet<SimQueueReason> = new Set([
  'queue_block',
  'queue_disconnect',
  'queue_transfer',
]);

/** Menu sections, in order. */
export const OPERATION_SECTIONS: readonly (readonly CreatableQueueReason[])[] = [
  [
    'queue_block',
    'queue_unblock',
    // queue_global_unblock is root's, on Tools (a dry run first, never an empty filter).
    'queue_disconnect',
    'queue_reconnect',
    'queue_ping',
    'queue_sms',
  ],
  ['queue_limit', 'queue_get_limit', 'queue_balance'],
  ['queue_tariff_package', 'queue_package_reconnect'],
  ['queue_group', 'queue_transfer'],
  ['queue_imei_lock', 'queue_imei_unlock'],
];

/** Whether the SIMs of a target are blocked, as far as the client knows it. */
export type BlockState = 'blocked' | 'unblocked' | 'any';

/**
 * What an operation is about to act on, as far as the client knows it: the chosen rows' profiles and
 * block states (`blocked[i]` for the i-th row), or a filter's profile and block choice.
 */
export type OperationTarget =
  | { kind: 'ids'; profiles: readonly SimProfile[]; blocked: readonly boolean[] }
  | { kind: 'filter'; profile: SimProfile | null; blocked: BlockState }
  | { kind: 'group' };

export interface OperationContext {
  role: Role;
  companyBlocked: boolean;
  target: OperationTarget;
}

/** Why an operation is unavailable: an i18n key under `ops.why`, or null when it can run. */
export type Unavailable =
  'companyBlocked' | 'role' | 'transferRole' | 'groupRole' | 'nothingSelected' | 'onlyTC' | 'onlyTD' | UnchangedReason | null;

export function canRunAnyOperation(role: Role): boolean {
  return can(role, 'sims.operate');
}

export function whyUnavailable(reason: SimQueueReason, ctx: OperationContext): Unavailable {
  if (!canRunAnyOperation(ctx.role)) return 'role';
  if (!can(ctx.role, SIM_OPERATION_RULES[reason].permission)) {
    if (reason === 'queue_transfer') return 'transferRole';
    return reason === 'queue_group' ? 'groupRole' : 'role';
  }
  if (ctx.companyBlocked) return 'companyBlocked';
  const { target } = ctx;
  if (target.kind === 'ids' && target.profiles.length === 0) return 'nothingSelected';
  const unchanged = wouldChangeNothing(reason, target);
  if (unchanged) return unchanged;
  const rule = SIM_OPERATION_RULES[reason].profileRule;
  if (!rule) return null;
  const allowed = profilesAllowing(reason);
  const eligible =
    target.kind === 'group' ||
    (target.kind === 'filter' && (target.profile === null || allowed.includes(target.profile))) ||
    (target.kind === 'ids' && target.profiles.some((profile) => allowed.includes(profile)));
  if (eligible) return null;
  return rule === 'package' ? 'onlyTD' : 'onlyTC';
}

/** For id selections: how many of the chosen SIMs the server will skip for their profile. */
export function countIneligible(reason: SimQueueReason, profiles: readonly SimProfile[]): number {
  const allowed = profilesAllowing(reason);
  return profiles.filter((profile) => !allowed.includes(profile)).length;
}

/**
 * Every SIM of the target is already as the operation asks (all blocked, for Block), or where it
 * cannot go (all blocked, for an SMS): the menu does not offer what would change nothing.
 */
function wouldChangeNothing(reason: SimQueueReason, target: OperationTarget): UnchangedReason | null {
  const rule = UNCHANGED_RULES[reason];
  if (!rule) return null;
  const all =
    (target.kind === 'ids' && target.blocked.length > 0 && target.blocked.every((blocked) => blocked === (rule.when === 'blocked'))) ||
    (target.kind === 'filter' && target.blocked === rule.when);
  return all ? rule.reason : null;
}
