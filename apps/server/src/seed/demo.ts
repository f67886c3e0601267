import { BLOCK_TYPES, SIM_PROFILES } from '@cab/contract/constants';
import type { Role } from '@cab/contract/roles';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Db, Tx } from '../db/client.js';
import { companies, news, notifications, users } from '../db/schema.js';
import { sims } from '../db/schema-sims.js';
import { systemReason } from '../modules/commerce/billing/index.js';
import { postLedgerEntry } from '../modules/commerce/ledger/index.js';
import { seedDemoAgent } from './demo-agents.js';
import { seedDemoCommerce } from './demo-commerce.js';
import { seedDemoRoaming } from './demo-roaming.js';
import { seedDemoSms } from './demo-sms.js';
import { DEMO_USAGE_DAYS, seedDemoUsage } from './demo-usage.js';
import { makeIccid } from './iccid.js';
import { demoImsi, seedDemoStock } from './demo-stock.js';
import type { Sealer } from '../auth/sealing.js';
import { DEMO_NEWS, DEMO_NOTIFICATION_ICCID, DEMO_NOTIFICATIONS } from './demo-texts.js';

export const DEMO_USERS: ReadonlyArray<{ email: string; role: Role; firstName: string; lastName: string }> = [
  { email: 'root@demo.local', role: 'root', firstName: 'Roman', lastName: 'Root' },
  { email: 'admin@demo.local', role: 'admin', firstName: 'Anna', lastName: 'Adminova' },
  { email: 'manager@demo.local', role: 'manager', firstName: 'Maxim', lastName: 'Managerov' },
  { email: 'viewer@demo.local', role: 'viewer', firstName: 'Vera', lastName: 'Viewerova' },
  { email: 'agent@demo.local', role: 'agent', firstName: 'Artem', lastName: 'Agentov' },
];

const DEMO_SIM_COUNT = 5000;
const CHILD_SIM_COUNT = 1000;
const INSERT_CHUNK = 1000;

/**
 * Seeds the demo dataset when the database holds no company yet; returns whether it did.
 * `usageDays`: days of usage history (DEMO_USAGE_DAYS by default; tests that never read usage pass 0).
 * `sealer` seals the demo SIM stock's keys (SIM_KEYS_SECRET's, so the HLR adapter can open them).
 */
export async function seedDemo(db: Db, password: string, sealer: Sealer, options: { usageDays?: number } = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(companies);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [operator] = await tx
      .insert(companies)
      .values({ name: 'M2M Operator', contract: 'OP-0001', billingType: 2, taxNumber: '7700000001' })
      .returning();
    const [agency] = await tx
      .insert(companies)
      .values({ name: 'Sales Agent Petrov', contract: 'AG-2026/007', billingType: 2, taxNumber: '7700000002' })
      .returning();
    const [demo] = await tx
      .insert(companies)
      .values({
        name: 'Demo Logistics LLC',
        contract: 'D-2026/001',
        billingType: 1,
        taxNumber: '7700000003',
        country: 'RU',
        responsible: 'Anna Adminova',
        agentCompanyId: agency?.id,
      })
      .returning();
    if (!operator || !agency || !demo) throw new Error('demo companies were not created');
    const [child] = await tx
      .insert(companies)
      .values({ name: 'Demo Logistics North', parentId: demo.id, contract: 'D-2026/002', billingType: 1, taxNumber: '7700000004', country: 'RU' })
      .returning();
    if (!child) throw new Error('demo child company was not created');

    const companyOf: Record<Role, number> = { root: operator.id, agent: agency.id, admin: demo.id, manager: demo.id, viewer: demo.id };
    const created = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, companyId: companyOf[u.role], passwordHash, phone: '+79990000000' })))
      .returning({ id: users.id, companyId: users.companyId });

    // Opening balances are ledger rows too, so every balance is the sum of its company's ledger.
    // The demo company's 750 EUR plus its paid 500 EUR top-up (seedDemoCommerce) make 1,250 EUR.
    for (const [companyId, cents] of [[demo.id, 75_000], [child.id, 30_000]] as const) {
      await postLedgerEntry(tx, { companyId, kind: 'adjustment', amountCents: cents, reason: systemReason('opening_balance') });
    }
    const adminId = created[DEMO_USERS.findIndex((u) => u.role === 'admin')]?.id;
    if (adminId === undefined) throw new Error('demo admin was not created');
    await seedDemoCommerce(tx, demo.id, adminId);
    const agentUserId = created[DEMO_USERS.findIndex((u) => u.role === 'agent')]?.id;
    const rootUserId = created[DEMO_USERS.findIndex((u) => u.role === 'root')]?.id;
    if (agentUserId === undefined || rootUserId === undefined) throw new Error('demo agent or root was not created');
    await seedDemoAgent(tx, { agencyId: agency.id, agentUserId, rootUserId, referredId: demo.id });
    await insertDemoSims(tx, demo.id, child.id);
    await seedDemoStock(tx, sealer, Array.from({ length: DEMO_SIM_COUNT }, (_, n) => demoCard(n)));
    await seedDemoRoaming(tx, demo.id);
    await seedDemoUsage(tx, [demo.id, child.id], new Date(), options.usageDays ?? DEMO_USAGE_DAYS);
    await seedDemoSms(tx, [demo.id, child.id]);
    await tx.insert(news).values(
      DEMO_NEWS.map((n, i) => {
        const at = new Date(Date.now() - (i + 1) * 86_400_000);
        return { ...n, createdAt: at, publishedAt: at };
      }),
    );
    const now = Date.now();
    const [msuSim] = await tx.select({ id: sims.id }).from(sims).where(eq(sims.iccid, DEMO_NOTIFICATION_ICCID)).limit(1);
    await tx.insert(notifications).values(
      created.flatMap((user) =>
        DEMO_NOTIFICATIONS.map((n, i) => ({
          type: n.type,
          category: n.category,
          // Demo users start in Russian, the default language; both texts let them switch.
          text: n.text.ru,
          texts: { ru: n.text.ru, en: n.text.en },
          link: n.link.includes(':sim') ? (msuSim ? n.link.replace(':sim', String(msuSim.id)) : null) : n.link,
          companyId: user.companyId,
          userId: user.id,
          createdAt: new Date(now - (i + 1) * 3_600_000),
        })),
      ),
    );
  });
  return true;
}

async function insertDemoSims(tx: Tx, demoId: number, childId: number): Promise<void> {
  for (let start = 0; start < DEMO_SIM_COUNT; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, DEMO_SIM_COUNT - start) }, (_, k) => demoSim(start + k, demoId, childId));
    await tx.insert(sims).values(rows);
  }
}

const SEEDED_BLOCK_TYPES = BLOCK_TYPES.filter((type) => type !== 'none' && type !== 'financial');

/** The n-th demo SIM's card: what its stock row and its SIM share. */
function demoCard(n: number) {
  return { iccid: makeIccid(100_000 + n), imsi: demoImsi(n), msisdn: `7958${String(1_000_000 + n).padStart(7, '0')}` };
}

function demoSim(n: number, demoId: number, childId: number) {
  const profile = SIM_PROFILES[n % SIM_PROFILES.length] ?? 'BK';
  // About one SIM in eight is blocked, spread over the block types a company with money can have:
  // a financial block belongs to a prepay balance at or below zero, and the first paid bill or
  // top-up of the demo company would lift it (reconcileFinancialBlocks).
  const blockType = n % 8 === 7 ? (SEEDED_BLOCK_TYPES[(n >> 3) % SEEDED_BLOCK_TYPES.length] ?? 'voluntary') : 'none';
  return {
    companyId: n < DEMO_SIM_COUNT - CHILD_SIM_COUNT ? demoId : childId,
    ...demoCard(n),
    name: n % 3 === 0 ? null : `Tracker ${String(n + 1).padStart(4, '0')}`,
    profile,
    blockType,
    msuCents: n % 4 === 0 ? 1500 : null,
    package: profile === 'TD' ? '1GB/month' : null,
    limitMb: profile === 'TC' ? 500 : null,
    balanceCents: profile === 'TC' ? 1000 : null,
    externalId: n % 5 === 0 ? `EXT-${n}` : null,
  };
}
