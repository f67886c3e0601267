import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { networkAppliedOps } from '../../src/db/schema.js';
import { simNetworkState } from '../../src/db/schema-sims.js';
import type { OperationOutcome, OperationRequest, SimRef } from '../../src/network/adapter.js';
import { NETWORK_FAILURE_REASONS, NetworkSimulator } from '../../src/network/simulator.js';
import { createCompany, createSims, openNetworkTestDatabase, seededRandom, sequenceRandom, setOnline } from './support.js';

let database: Database;
let db: Db;
let companyId: number;
let serial = 0;
beforeAll(async () => {
  database = await openNetworkTestDatabase();
  db = database.db;
  companyId = await createCompany(db, 'Network Test Co');
});
afterAll(async () => database.close());

/** Fresh SIMs per test, so tests do not see each other's network state. */
const freshSims = async (count: number, limitMb: number | null = null): Promise<SimRef[]> => {
  serial += 10_000;
  return createSims(db, companyId, { count, serialBase: serial, limitMb });
};
const simulator = (options: { failureRate?: number; random?: () => number; latencyMs?: number } = {}) =>
  new NetworkSimulator({ db, latencyMs: options.latencyMs ?? 0, failureRate: options.failureRate ?? 0, random: options.random });
const request = (operation: OperationRequest['operation'], sims: SimRef[], prefix: string, params: OperationRequest['params'] = {}): OperationRequest => ({
  operation,
  sims,
  params,
  idempotencyPrefix: prefix,
});
const bySimId = (outcomes: OperationOutcome[]) => new Map(outcomes.map((o) => [o.simId, o]));
const onlineOf = async (sim: SimRef) => (await simulator().getState(sim)).online;

describe('NetworkSimulator.execute idempotency', () => {
  it('answers a repeated request with the first outcomes and applies it once', async () => {
    const sims = await freshSims(6);
    await setOnline(db, sims, true);
    const first = await simulator({ failureRate: 0.5, random: seededRandom(7) }).execute(request('block', sims, 'q-idem'));
    const failedFirst = first.filter((o) => !o.ok).length;
    expect(failedFirst).toBeGreaterThan(0);
    expect(failedFirst).toBeLessThan(sims.length);

    // The network state moves on; a replay must not block the SIMs a second time (and with no
    // failures this time, a replay that re-decided would both answer differently and re-apply).
    await setOnline(db, sims, true);
    const replay = await simulator({ failureRate: 0 }).execute(request('block', sims, 'q-idem'));

    expect(bySimId(replay)).toEqual(bySimId(first));
    const stored = await db.select().from(networkAppliedOps).where(like(networkAppliedOps.key, 'q-idem:%'));
    expect(stored).toHaveLength(sims.length);
    expect(await Promise.all(sims.map(onlineOf))).toEqual(sims.map(() => true));
  });

  it('answers every SIM of two concurrent calls with the same keys, storing each outcome once', async () => {
    const sims = await freshSims(300);
    const [a, b] = await Promise.all([
      simulator({ failureRate: 0.3, random: seededRandom(1) }).execute(request('block', sims, 'q-race')),
      simulator({ failureRate: 0.3, random: seededRandom(2) }).execute(request('block', sims, 'q-race')),
    ]);
    expect(a).toHaveLength(sims.length);
    expect(bySimId(b)).toEqual(bySimId(a));
    expect(await db.select().from(networkAppliedOps).where(like(networkAppliedOps.key, 'q-race:%'))).toHaveLength(sims.length);
  });

  it('applies the state effect on the first call', async () => {
    const sims = await freshSims(3);
    await setOnline(db, sims, true);
    const outcomes = await simulator().execute(request('disconnect', sims, 'q-effect'));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await Promise.all(sims.map(onlineOf))).toEqual([false, false, false]);
  });

  it('answers a SIM listed twice once', async () => {
    const [sim] = await freshSims(1);
    if (!sim) throw new Error('no sim');
    const outcomes = await simulator().execute(request('sms', [sim, sim], 'q-dup', { text: 'hi' }));
    expect(outcomes).toEqual([{ simId: sim.simId, ok: true }]);
  });
});

describe('NetworkSimulator failures and latency', () => {
  it('fails exactly the SIMs whose seeded draw falls under the failure rate', async () => {
    const sims = await freshSims(200);
    const draws = seededRandom(2024);
    const expected = new Map(sims.map((s) => {
      const draw = draws();
      return [s.simId, draw < 0.1 ? (draw < 0.05 ? 'network_timeout' : 'sim_unreachable') : null];
    }));
    const outcomes = await simulator({ failureRate: 0.1, random: seededRandom(2024) }).execute(request('block', sims, 'q-rate'));
    const failed = new Map(outcomes.flatMap((o) => (o.ok ? [] : [[o.simId, o.reason] as const])));
    const expectedFailed = new Map([...expected].filter((entry): entry is [number, string] => entry[1] !== null));
    expect(expectedFailed.size).toBeGreaterThan(5);
    expect(failed).toEqual(expectedFailed);
    expect(new Set(failed.values())).toEqual(new Set(NETWORK_FAILURE_REASONS));
  });

  it('waits the latency once per call, not once per SIM', async () => {
    const sims = await freshSims(5);
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    try {
      const started = performance.now();
      await simulator({ latencyMs: 137 }).execute(request('sms', sims, 'q-lat', { text: 'ping' }));
      const elapsed = performance.now() - started;
      expect(timeouts.mock.calls.filter(([, delay]) => delay === 137)).toHaveLength(1);
      expect(elapsed).toBeGreaterThanOrEqual(130);
      expect(elapsed).toBeLessThan(137 * sims.length);
    } finally {
      timeouts.mockRestore();
    }
  });

  it('sets no timer at all when the latency is 0', async () => {
    const sims = await freshSims(2);
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    try {
      await simulator({ latencyMs: 0 }).execute(request('sms', sims, 'q-nolat', { text: 'x' }));
      expect(timeouts.mock.calls.filter(([, delay]) => delay === undefined || delay === 0)).toHaveLength(0);
    } finally {
      timeouts.mockRestore();
    }
  });

  it('runs a batch of 1,000 SIMs in a handful of statements', async () => {
    const sims = await freshSims(1000);
    const execute = vi.spyOn(db, 'execute');
    try {
      const outcomes = await simulator().execute(request('block', sims, 'q-bulk'));
      expect(outcomes).toHaveLength(1000);
      expect(execute.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('NetworkSimulator operation rules', () => {
  it('accepts SMS of 1..70 characters and rejects longer or empty ones', async () => {
    const sims = await freshSims(2);
    // A failure rate of 1 proves the text rule is decided first and not by chance.
    const tooLong = await simulator({ failureRate: 1 }).execute(request('sms', sims, 'q-sms-long', { text: 'x'.repeat(71) }));
    expect(tooLong.map((o) => (o.ok ? 'ok' : o.reason))).toEqual(['sms_too_long', 'sms_too_long']);
    const empty = await simulator().execute(request('sms', sims, 'q-sms-empty', { text: '' }));
    expect(empty.every((o) => !o.ok && o.reason === 'sms_empty')).toBe(true);
    const longest = await simulator().execute(request('sms', sims, 'q-sms-70', { text: 'я'.repeat(70) }));
    expect(longest.every((o) => o.ok)).toBe(true);
  });

  it('validates set_limit parameters', async () => {
    const sims = await freshSims(1);
    const run = async (prefix: string, params: OperationRequest['params']) =>
      (await simulator().execute(request('set_limit', sims, prefix, params)))[0];
    expect(await run('q-lim-neg', { limitMb: -1, repeat: 0 })).toMatchObject({ ok: false, reason: 'invalid_limit' });
    expect(await run('q-lim-rep', { limitMb: 10, repeat: -1 })).toMatchObject({ ok: false, reason: 'invalid_limit' });
    expect(await run('q-lim-none', {})).toMatchObject({ ok: false, reason: 'invalid_limit' });
    expect(await run('q-lim-ok', { limitMb: 0, repeat: 0 })).toMatchObject({ ok: true });
  });

  it('answers get_limit with the current limit as value', async () => {
    const limited = await freshSims(2, 500);
    const unlimited = await freshSims(1, null);
    const outcomes = bySimId(await simulator().execute(request('get_limit', [...limited, ...unlimited], 'q-getlim')));
    for (const sim of limited) expect(outcomes.get(sim.simId)).toEqual({ simId: sim.simId, ok: true, value: 500 });
    expect(outcomes.get(unlimited[0]?.simId ?? 0)).toEqual({ simId: unlimited[0]?.simId, ok: true, value: null });
  });

  it('fails ping of offline SIMs and marks online ones as seen', async () => {
    const [never, offline, online] = await freshSims(3);
    if (!never || !offline || !online) throw new Error('no sims');
    await setOnline(db, [offline], false);
    await setOnline(db, [online], true);
    const outcomes = bySimId(await simulator().execute(request('ping', [never, offline, online], 'q-ping')));
    expect(outcomes.get(never.simId)).toEqual({ simId: never.simId, ok: false, reason: 'sim_offline' });
    expect(outcomes.get(offline.simId)).toEqual({ simId: offline.simId, ok: false, reason: 'sim_offline' });
    expect(outcomes.get(online.simId)).toEqual({ simId: online.simId, ok: true });
    expect((await simulator().getState(online)).lastSeenAt).toBeInstanceOf(Date);
    expect((await simulator().getState(offline)).lastSeenAt).toBeNull();
  });

  it('brings an unblocked SIM online when its draw says the device is on', async () => {
    const [on, off] = await freshSims(2);
    if (!on || !off) throw new Error('no sims');
    // Per SIM: the failure draw, then the come-online draw.
    await simulator({ failureRate: 0.01, random: sequenceRandom([0.5, 0.1, 0.5, 0.95]) }).execute(request('unblock', [on, off], 'q-unblock'));
    const state = await simulator().getState(on);
    expect(state).toMatchObject({ online: true });
    expect(state.sessionStartedAt).toBeInstanceOf(Date);
    expect(await onlineOf(off)).toBe(false);
  });

  it('reports a default offline state for a SIM the network never saw', async () => {
    const [sim] = await freshSims(1);
    if (!sim) throw new Error('no sim');
    expect(await simulator().getState(sim)).toEqual({ simId: sim.simId, online: false, lastSeenAt: null, imei: null, cell: null, rat: null, operator: null, sessionStartedAt: null });
    const rows = await db.select().from(simNetworkState).where(eq(simNetworkState.simId, sim.simId));
    expect(rows).toHaveLength(0);
  });
});
