import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { simNetworkState, sims as simsTable, simUsage } from '../../src/db/schema-sims.js';
import { luhnDigit } from '@cab/contract/luhn';
import type { SimRef } from '../../src/network/adapter.js';
import { MAX_ACTIVITY_SIMS, RATS, SERVING_NETWORKS, generateActivity } from '../../src/network/activity.js';
import { isUsageEvent, type MsuBlockEvent, type NetworkEvent } from '../../src/network/events.js';
import { applyNetworkEvents } from '../../src/modules/sims/usage/service.js';
import { createCompany, createSims, monthSpendOf, openNetworkTestDatabase, recordingBus, seededRandom, sequenceRandom, setMonthSpend } from './support.js';

let database: Database;
let db: Db;
let companyId: number;
let active: SimRef[];
let blocked: SimRef[];
beforeAll(async () => {
  database = await openNetworkTestDatabase();
  db = database.db;
  companyId = await createCompany(db, 'Activity Co');
  active = await createSims(db, companyId, { count: 300, serialBase: 0 });
  blocked = await createSims(db, companyId, { count: 100, serialBase: 1000, blockType: 'voluntary' });
});
afterAll(async () => database.close());

/** SIMs whose network state this tick wrote (updated_at is the tick's `now`). */
async function touchedSimIds(now: Date): Promise<number[]> {
  const rows = await db.select({ simId: simNetworkState.simId }).from(simNetworkState).where(eq(simNetworkState.updatedAt, now));
  return rows.map((r) => r.simId);
}

let tick = 0;
const nextNow = () => new Date(Date.UTC(2030, 0, 1, 0, ++tick));

describe('generateActivity', () => {
  it('acts on at most maxSims SIMs, all of them unblocked', async () => {
    const now = nextNow();
    const events = await generateActivity(db, { now, maxSims: 40, random: seededRandom(11) });
    const touched = await touchedSimIds(now);
    expect(touched.length).toBeGreaterThan(10);
    expect(touched.length).toBeLessThanOrEqual(40);
    const blockedIds = new Set(blocked.map((s) => s.simId));
    expect(touched.filter((id) => blockedIds.has(id))).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => touched.includes(e.simId) && e.companyId === companyId)).toBe(true);
  });

  it('produces well-formed usage and network state', async () => {
    const now = nextNow();
    const events = await generateActivity(db, { now, maxSims: 400, random: seededRandom(12) });
    const usage = events.filter(isUsageEvent);
    expect(new Set(usage.map((e) => e.type))).toEqual(new Set(['data', 'sms', 'call']));
    for (const event of usage) {
      expect(Number.isInteger(event.costCents) && event.costCents >= 0).toBe(true);
      // Records start before the tick that reports them (a session is reported when it ends).
      expect(event.at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - event.at.getTime()).toBeLessThanOrEqual(3600_000);
      expect(event.key).toMatch(new RegExp(`^${event.simId}:${Math.floor(now.getTime() / 1000)}:[dsc]$`));
      expect(SERVING_NETWORKS.some((n) => n.operator === event.operator && n.country === event.country)).toBe(true);
      if (event.type !== 'data') expect(event.peer).toMatch(/^\d{11,13}$/);
      if (event.type === 'data') {
        expect(event.bytes > 0 && event.costCents >= 1 && event.bytesUp + event.bytesDown === event.bytes).toBe(true);
        expect(event.endedAt).toEqual(now);
        expect(RATS).toContain(event.rat);
      }
      if (event.type === 'sms') expect(event.text.length >= 1 && event.text.length <= 70 && ['in', 'out'].includes(event.direction)).toBe(true);
      if (event.type === 'call') expect(event.seconds > 0 && event.costCents > 0).toBe(true);
    }
    const online = await db.select().from(simNetworkState).where(and(eq(simNetworkState.updatedAt, now), eq(simNetworkState.online, true)));
    expect(online.length).toBeGreaterThan(0);
    for (const state of online) {
      expect(state.imei).toMatch(/^\d{15}$/);
      expect(luhnDigit(state.imei?.slice(0, 14) ?? '')).toBe(Number(state.imei?.at(14)));
      expect(RATS).toContain(state.rat);
      expect(SERVING_NETWORKS.some((n) => state.cell?.startsWith(`${n.operator}-`))).toBe(true);
      expect(state.cell).toMatch(/^\d{3}-\d{2}-\d+-\d+$/);
      expect(state.sessionStartedAt).toBeInstanceOf(Date);
      expect(state.lastSeenAt).toEqual(now);
    }
    // Usage comes only from SIMs that are online after the tick.
    const onlineIds = new Set(online.map((s) => s.simId));
    expect(usage.every((e) => onlineIds.has(e.simId))).toBe(true);
  });

  it('emits msu_block only when month spend plus this usage passes the cap', async () => {
    const [over, atCap, uncapped] = active;
    if (!over || !atCap || !uncapped) throw new Error('no sims');
    const setCap = async (sim: SimRef, msuCents: number | null, monthSpendCents: number) => {
      await db.update(simsTable).set({ msuCents }).where(eq(simsTable.id, sim.simId));
      await setMonthSpend(db, [sim], monthSpendCents);
    };
    await setCap(over, 100, 95);
    await setCap(atCap, 100, 91);
    await setCap(uncapped, null, 1_000_000);
    await db.update(simNetworkState).set({ online: false });
    // A constant draw of 0.01 brings every SIM online with 1 cent of data, a free incoming SMS and
    // an 8-cent incoming call: 9 cents each.
    const events = await generateActivity(db, { now: nextNow(), maxSims: MAX_ACTIVITY_SIMS, random: sequenceRandom([0.01]) });
    const costOf = (simId: number) => events.filter((e) => e.simId === simId && isUsageEvent(e)).reduce((sum, e) => sum + (isUsageEvent(e) ? e.costCents : 0), 0);
    expect(costOf(over.simId)).toBe(9);
    const blocks = events.filter((e): e is MsuBlockEvent => e.type === 'msu_block');
    expect(blocks).toEqual([{ type: 'msu_block', companyId, simId: over.simId, at: expect.any(Date) as Date, spendCents: 104, msuCents: 100 }]);
    // The network cut the blocked SIM off.
    const [state] = await db.select().from(simNetworkState).where(eq(simNetworkState.simId, over.simId));
    expect(state?.online).toBe(false);
  });

  it('feeds the usage sink: usage rows and month spend match the events', async () => {
    const now = nextNow();
    const events: NetworkEvent[] = await generateActivity(db, { now, maxSims: 100, random: seededRandom(13) });
    const usage = events.filter(isUsageEvent);
    const simIds = [...new Set(usage.map((e) => e.simId))];
    const spendOf = async () => new Map(await Promise.all(simIds.map(async (id) => [id, await monthSpendOf(db, { companyId, simId: id } as SimRef)] as const)));
    const spendBefore = await spendOf();
    const [usageBefore] = await db.select({ n: sql<number>`count(*)::int` }).from(simUsage).where(inArray(simUsage.simId, simIds));
    await applyNetworkEvents(db, recordingBus().bus, events);
    const [rows] = await db.select({ n: sql<number>`count(*)::int` }).from(simUsage).where(inArray(simUsage.simId, simIds));
    expect(rows?.n).toBe((usageBefore?.n ?? 0) + usage.length);
    const spendAfter = await spendOf();
    for (const [id, spend] of spendBefore) {
      const added = usage.filter((e) => e.simId === id).reduce((sum, e) => sum + e.costCents, 0);
      expect(spendAfter.get(id)).toBe(spend + added);
    }
  });
});

describe('generateActivity on a larger table', () => {
  it(`never acts on more than ${MAX_ACTIVITY_SIMS} SIMs per tick`, async () => {
    await createSims(db, companyId, { count: 2500, serialBase: 10_000 });
    const now = nextNow();
    await generateActivity(db, { now, maxSims: 1_000_000, random: seededRandom(14) });
    expect(await touchedSimIds(now)).toHaveLength(MAX_ACTIVITY_SIMS);
  });

  it('does nothing for maxSims 0', async () => {
    const now = nextNow();
    expect(await generateActivity(db, { now, maxSims: 0, random: seededRandom(15) })).toEqual([]);
    expect(await touchedSimIds(now)).toEqual([]);
  });
});
