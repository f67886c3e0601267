import { describe, expect, it } from 'vitest';
import { countIneligible, whyUnavailable, type OperationContext } from './operation-rules';

const ctx = (patch: Partial<OperationContext>): OperationContext => ({
  role: 'manager',
  companyBlocked: false,
  target: { kind: 'ids', profiles: ['TC'], blocked: [false] },
  ...patch,
});

describe('operation availability', () => {
  it('allows TC-only operations only when a TC SIM is selected', () => {
    expect(whyUnavailable('queue_balance', ctx({ target: { kind: 'ids', profiles: ['TD', 'BK'], blocked: [false, false] } }))).toBe('onlyTC');
    expect(whyUnavailable('queue_limit', ctx({ target: { kind: 'ids', profiles: ['TD', 'TC'], blocked: [false, false] } }))).toBeNull();
    expect(whyUnavailable('queue_get_limit', ctx({ target: { kind: 'ids', profiles: ['MS'], blocked: [false] } }))).toBe('onlyTC');
  });

  it('allows TD-only operations only when a TD SIM is selected', () => {
    expect(whyUnavailable('queue_tariff_package', ctx({ target: { kind: 'ids', profiles: ['TC'], blocked: [false] } }))).toBe('onlyTD');
    expect(whyUnavailable('queue_package_reconnect', ctx({ target: { kind: 'ids', profiles: ['TD'], blocked: [false] } }))).toBeNull();
  });

  it('follows the profile filter for select-all and leaves groups to the server', () => {
    expect(whyUnavailable('queue_balance', ctx({ target: { kind: 'filter', profile: 'TD', blocked: 'any' } }))).toBe('onlyTC');
    expect(whyUnavailable('queue_balance', ctx({ target: { kind: 'filter', profile: null, blocked: 'any' } }))).toBeNull();
    expect(whyUnavailable('queue_tariff_package', ctx({ target: { kind: 'group' } }))).toBeNull();
  });

  it('lets basic operations run on every profile', () => {
    for (const profile of ['TC', 'TD', 'BK', 'MS', 'MF'] as const) {
      expect(whyUnavailable('queue_sms', ctx({ target: { kind: 'ids', profiles: [profile], blocked: [false] } }))).toBeNull();
    }
  });

  it('gives a viewer no operations and transfer only to roles with sims.transfer', () => {
    expect(whyUnavailable('queue_ping', ctx({ role: 'viewer' }))).toBe('role');
    expect(whyUnavailable('queue_ping', ctx({ role: 'agent' }))).toBe('role');
    expect(whyUnavailable('queue_transfer', ctx({ role: 'manager' }))).toBe('transferRole');
    expect(whyUnavailable('queue_transfer', ctx({ role: 'admin' }))).toBeNull();
    expect(whyUnavailable('queue_transfer', ctx({ role: 'root' }))).toBeNull();
  });

  it('blocks changes for a locked company and needs a selection', () => {
    expect(whyUnavailable('queue_block', ctx({ companyBlocked: true }))).toBe('companyBlocked');
    expect(whyUnavailable('queue_block', ctx({ target: { kind: 'ids', profiles: [], blocked: [] } }))).toBe('nothingSelected');
  });

  it('counts the selected SIMs the server will skip', () => {
    expect(countIneligible('queue_balance', ['TC', 'TD', 'BK', 'TC'])).toBe(2);
    expect(countIneligible('queue_block', ['TC', 'TD'])).toBe(0);
  });

  it("does not offer what would change nothing: Block for blocked SIMs, Unblock for open ones, an SMS to blocked ones", () => {
    const ids = (blocked: boolean[]) => ctx({ target: { kind: 'ids', profiles: blocked.map(() => 'TC' as const), blocked } });
    expect(whyUnavailable('queue_block', ids([true, true]))).toBe('already_blocked');
    expect(whyUnavailable('queue_block', ids([true, false]))).toBeNull();
    expect(whyUnavailable('queue_unblock', ids([false]))).toBe('already_unblocked');
    expect(whyUnavailable('queue_unblock', ids([true]))).toBeNull();
    expect(whyUnavailable('queue_sms', ids([true]))).toBe('sim_blocked');
    expect(whyUnavailable('queue_ping', ids([true]))).toBeNull();
    const filter = (blocked: 'blocked' | 'unblocked' | 'any') => ctx({ target: { kind: 'filter', profile: null, blocked } });
    expect(whyUnavailable('queue_block', filter('blocked'))).toBe('already_blocked');
    expect(whyUnavailable('queue_unblock', filter('unblocked'))).toBe('already_unblocked');
    expect(whyUnavailable('queue_block', filter('any'))).toBeNull();
  });
});
