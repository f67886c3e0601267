import { Notification } from '@cab/contract/notify';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { notifications } from '../../src/db/schema.js';
import { sims as simsTable, simUsage } from '../../src/db/schema-sims.js';
import type { SimRef } from '../../src/network/adapter.js';
import type { NetworkEvent } from '../../src/network/events.js';
import { MSU_BLOCK_REASON, applyNetworkEvents } from '../../src/modules/sims/usage/service.js';
import { createCompany, createSims, createUser, monthSpendOf, openNetworkTestDatabase, recordingBus } from './support.js';

const AT = new Date('2030-02-03T04:05:06Z');

let database: Database;
let db: Db;
let company: number;
let otherCompany: number;
let users: { ru: number; en: number; inactive: number; deleted: number; other: number };
beforeAll(async () => {
  database = await openNetworkTestDatabase();
  db = database.db;
  company = await createCompany(db, 'Usage Co');
  otherCompany = await createCompany(db, 'Other Co');
  users = {
    ru: await createUser(db, company, 'ru@usage.test', { lang: 'ru' }),
    en: await createUser(db, company, 'en@usage.test', { lang: 'en' }),
    inactive: await createUser(db, company, 'off@usage.test', { active: false }),
    deleted: await createUser(db, company, 'gone@usage.test', { deleted: true }),
    other: await createUser(db, otherCompany, 'other@usage.test'),
  };
});
afterAll(async () => database.close());
// Each test counts the notifications it caused.
afterEach(async () => {
  await db.delete(notifications).where(inArray(notifications.userId, Object.values(users)));
});

let serial = 0;
const freshSims = async (companyId: number, count: number, msuCents: number | null, monthSpendCents: number): Promise<SimRef[]> => {
  serial += 1000;
  return createSims(db, companyId, { count, serialBase: serial, msuCents, monthSpendCents });
};
const simRow = async (sim: SimRef) => (await db.select().from(simsTable).where(eq(simsTable.id, sim.simId)))[0];
const notificationsOf = (userIds: number[]) => db.select().from(notifications).where(inArray(notifications.userId, userIds));
const msuBlock = (sim: SimRef, spendCents: number): NetworkEvent => ({ type: 'msu_block', companyId: sim.companyId, simId: sim.simId, at: AT, spendCents, msuCents: 100 });

/** Serving network and a record key unique in this file. */
const net = (key: string) => ({ key: `usage-test:${key}`, operator: '250-01', country: 'RU' });
const dataOf = (bytes: number) => ({ bytes, bytesUp: Math.floor(bytes / 4), bytesDown: bytes - Math.floor(bytes / 4), endedAt: new Date(AT.getTime() + 60_000), rat: '4G' });

describe('applyNetworkEvents', () => {
  it('records usage rows and adds their cost to month spend', async () => {
    const [a, b] = await freshSims(company, 2, null, 5);
    if (!a || !b) throw new Error('no sims');
    const base = { companyId: company, at: AT };
    const result = await applyNetworkEvents(db, recordingBus().bus, [
      { ...base, ...net('a-d'), simId: a.simId, type: 'data', ...dataOf(123_456), costCents: 7 },
      { ...base, ...net('a-s'), simId: a.simId, type: 'sms', direction: 'out', peer: '79001234567', text: 'Привет', costCents: 3 },
      { ...base, ...net('b-c'), simId: b.simId, type: 'call', direction: 'in', peer: '79001234567', seconds: 61, costCents: 16 },
    ]);
    expect(result).toMatchObject({ usageRows: 3, blocked: [], notifications: 0 });
    const rows = await db.select().from(simUsage).where(inArray(simUsage.simId, [a.simId, b.simId]));
    const shape = rows.map(({ simId, kind, direction, bytes, seconds, text, costCents, startedAt }) => ({ simId, kind, direction, bytes, seconds, text, costCents, startedAt }));
    expect(shape).toEqual(
      expect.arrayContaining([
        { simId: a.simId, kind: 'data', direction: null, bytes: 123_456, seconds: null, text: null, costCents: 7, startedAt: AT },
        { simId: a.simId, kind: 'sms', direction: 'out', bytes: null, seconds: null, text: 'Привет', costCents: 3, startedAt: AT },
        { simId: b.simId, kind: 'call', direction: 'in', bytes: null, seconds: 61, text: null, costCents: 16, startedAt: AT },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(await monthSpendOf(db, a)).toBe(15);
    expect(await monthSpendOf(db, b)).toBe(21);
  });

  it('blocks a SIM past its MSU cap, tells each active user of its company and updates the SIM list', async () => {
    const [sim] = await freshSims(company, 1, 100, 90);
    if (!sim) throw new Error('no sim');
    const { bus, publish, published } = recordingBus();
    await applyNetworkEvents(db, bus, [{ type: 'data', ...net(`msu-${sim.simId}`), companyId: company, simId: sim.simId, at: AT, ...dataOf(4_000_000), costCents: 20 }, msuBlock(sim, 110)]);

    expect(await simRow(sim)).toMatchObject({ blockType: 'msu', blockReason: MSU_BLOCK_REASON });
    expect(await monthSpendOf(db, sim)).toBe(110);
    const created = await notificationsOf(Object.values(users));
    expect(created.map((n) => ({ companyId: n.companyId, userId: n.userId, type: n.type, category: n.category, text: n.text, readed: n.readed })).sort((x, y) => x.userId - y.userId)).toEqual([
      { companyId: company, userId: users.ru, type: 'warning', category: 'sim', text: `SIM ${sim.iccid} заблокирована: превышен MSU`, readed: false },
      { companyId: company, userId: users.en, type: 'warning', category: 'sim', text: `SIM ${sim.iccid} blocked: MSU cap reached`, readed: false },
    ].sort((x, y) => x.userId - y.userId));

    // Two notifications and the SIM list's update; the event log's own push (sim_events) besides.
    expect(published().filter((p) => p.event.type !== 'sim_events')).toHaveLength(3);
    expect(published().filter((p) => p.event.type === 'sim_events')).toHaveLength(1);
    expect(publish).toHaveBeenCalledTimes(4);
    const notifyTo = (userId: number) => published().find((p) => p.event.type === 'notify' && p.audience.userId === userId);
    for (const row of created) {
      const message = notifyTo(row.userId);
      expect(message?.audience).toEqual({ userId: row.userId });
      expect(message?.event).toEqual({
        type: 'notify',
        data: { id: row.id, type: 'warning', added: Math.floor(row.createdAt.getTime() / 1000), text: row.text, texts: { ru: `SIM ${sim.iccid} заблокирована: превышен MSU`, en: `SIM ${sim.iccid} blocked: MSU cap reached` }, readed: false, link: `/sim/${sim.simId}`, popup: { show: true, type: 'warn', text: row.text } },
      });
      if (message?.event.type === 'notify') {
        const { popup: _popup, ...notification } = message.event.data;
        expect(() => Notification.strict().parse(notification)).not.toThrow();
      }
    }
    expect(published().filter((p) => p.event.type === 'sim_update')).toEqual([
      { audience: { companyId: company }, event: { type: 'sim_update', data: { id: sim.simId, block_type: 'msu' } } },
    ]);
  });

  it('does not block or notify again for a SIM that is already blocked', async () => {
    const [sim] = await freshSims(company, 1, 100, 150);
    if (!sim) throw new Error('no sim');
    await db.update(simsTable).set({ blockType: 'voluntary' }).where(eq(simsTable.id, sim.simId));
    const { bus, publish } = recordingBus();
    const result = await applyNetworkEvents(db, bus, [msuBlock(sim, 150)]);
    expect(result.blocked).toEqual([]);
    expect((await simRow(sim))?.blockType).toBe('voluntary');
    expect(await notificationsOf(Object.values(users))).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });

  it('sums many MSU blocks of one company into one notification per user', async () => {
    const blockedSims = await freshSims(otherCompany, 4, 100, 100);
    const { bus, published } = recordingBus();
    await applyNetworkEvents(db, bus, blockedSims.map((s) => msuBlock(s, 120)));
    const created = await notificationsOf([users.other]);
    expect(created.map((n) => n.text)).toEqual(['4 SIM заблокированы: превышен MSU']);
    expect(published().filter((p) => p.event.type === 'sim_update')).toHaveLength(4);
    expect(published().filter((p) => p.event.type === 'notify').map((p) => p.audience)).toEqual([{ userId: users.other }]);
  });
});

describe('month spend', () => {
  it("is this month's rollups: a new month starts at zero without a reset of any SIM", async () => {
    const [sim] = await freshSims(company, 1, 100, 42);
    if (!sim) throw new Error('no sim');
    expect(await monthSpendOf(db, sim)).toBe(42);
    // The last day of the previous month is not this month's.
    await db.execute(sql`update usage_daily set day = (date_trunc('month', now() at time zone 'UTC') - interval '1 day')::date where sim_id = ${sim.simId}`);
    expect(await monthSpendOf(db, sim)).toBe(0);
  });
});
