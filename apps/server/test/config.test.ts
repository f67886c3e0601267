import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSABLE_PASSWORD_HASH, hashPassword, verifyPassword } from '../src/auth/passwords.js';
import { resolveJwtSecret } from '../src/auth/secret.js';
import { loadConfig, shouldSeedDemo } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { refreshTokens } from '../src/db/schema.js';
import { sims } from '../src/db/schema-sims.js';
import { luhnDigit } from '@cab/contract/luhn';
import { isValidIccid, makeIccid } from '../src/seed/iccid.js';
import { seedDemo } from '../src/seed/demo.js';
import { createSealer } from '../src/auth/sealing.js';
import { purgeOldRefreshTokens } from '../src/worker/housekeeping.js';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DEMO_PASSWORD: 'demo',
      DEMO_USAGE_DAYS: 90,
      ROLE: 'all',
      LOG_LEVEL: 'warn',
      NETWORK_LATENCY_MS: 150,
      NETWORK_FAILURE_RATE: 0.02,
      NETWORK_ACTIVITY_SIMS: 500,
      NETWORK_ROAMING_DELAY_MINUTES: 1440,
      NETWORK_ADAPTER: 'simulator',
      HLR_CTRL_ADDR: '127.0.0.1:4259',
      QUEUE_BATCH_SIZE: 1000,
      QUEUE_CONCURRENCY: 4,
      QUEUE_STALE_SECONDS: 60,
      QUEUE_PROGRESS_INTERVAL_MS: 500,
      QUEUE_MAX_RUNNING_PER_COMPANY: 5,
      QUEUE_MAX_SIMS_IN_FLIGHT_PER_COMPANY: 50_000,
      AUTH_WINDOW_MINUTES: 15,
      AUTH_ACCOUNT_MAX_FAILURES: 10,
      AUTH_IP_MAX_FAILURES: 30,
      AUTH_IP_BLOCK_FAILURES: 300,
      API_TOKEN_RATE_LIMIT: 600,
      PASSWORD_HASH_CONCURRENCY: Math.max(1, Math.floor(availableParallelism() / 2)),
      PASSWORD_HASH_QUEUE: 16,
      TRUST_PROXY: '0',
      TELEGRAM_API_URL: 'https://api.telegram.org',
      WHATSAPP_API_URL: 'https://graph.facebook.com/v20.0',
      NOTIFY_RETRY_LIMIT: 5,
      NOTIFY_RETRY_DELAY_SECONDS: 30,
      NOTIFY_TIMEOUT_MS: 10_000,
      OUTBOUND_ALLOW_HOSTS: [],
      BILLING_CRON: '5 * * * *',
      BILLING_GRACE_HOURS: 24,
      BILL_MIN_AMOUNT_EUR: 50,
      AGENT_REWARD_PERCENT: 10,
      AGENT_WITHDRAWAL_MIN_EUR: 20,
      GENERATED_REPORTS_TTL_DAYS: 30,
      REPORT_CONCURRENCY: 2,
    });
  });

  it('reads given values', () => {
    expect(loadConfig({ PORT: '8080', ROLE: 'worker', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      ROLE: 'worker',
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['ROLE', { ROLE: 'boss' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['BILLING_CRON', { BILLING_CRON: 'every hour' }],
    ['API_TOKEN_RATE_LIMIT', { API_TOKEN_RATE_LIMIT: '0' }],
  ])('rejects a bad %s naming the variable', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: .*${name}`));
  });
});

describe('shouldSeedDemo', () => {
  it('seeds the embedded database, not PostgreSQL, unless SEED_DEMO says so', () => {
    expect(shouldSeedDemo(loadConfig({}))).toBe(true);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }))).toBe(false);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }))).toBe(true);
    expect(shouldSeedDemo(loadConfig({ SEED_DEMO: '0' }))).toBe(false);
  });
});

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse', b)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
    expect(await verifyPassword('', UNUSABLE_PASSWORD_HASH)).toBe(false);
  });
});

/** The textbook Luhn check, written independently of the code under test. */
function luhnValid(digits: string): boolean {
  const sum = [...digits].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

describe('ICCIDs', () => {
  it('computes the Luhn digit and makes valid 20-digit ICCIDs', () => {
    expect(luhnDigit('7992739871')).toBe(3);
    const iccid = makeIccid(100_077);
    expect(iccid).toBe('89701000000001000774');
    expect(luhnValid(iccid)).toBe(true);
    expect(isValidIccid(iccid)).toBe(true);
    const wrongCheck = iccid.slice(0, -1) + String((Number(iccid.at(-1)) + 1) % 10);
    expect(isValidIccid(wrongCheck)).toBe(false);
    expect(isValidIccid('8970100000000010007a')).toBe(false);
  });
});

describe('with an embedded database', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cab-config-'));
    database = await openDatabase({ dataDir: dir });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolveJwtSecret generates one secret, keeps it across calls and restarts, and prefers JWT_SECRET', async () => {
    const first = await resolveJwtSecret(database.db, undefined);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await resolveJwtSecret(database.db, undefined)).toBe(first);
    await database.close();
    database = await openDatabase({ dataDir: dir });
    expect(await resolveJwtSecret(database.db, undefined)).toBe(first);
    expect(await resolveJwtSecret(database.db, 'configured-secret-of-32-characters!!')).toBe(
      'configured-secret-of-32-characters!!',
    );
  });

  it('the demo seed runs once and its ICCIDs are valid and unique', async () => {
    // Usage history is left out here (reports tests and the e2e flows cover it).
    const sealer = createSealer('config-test-sim-keys-secret-of-32-characters');
    expect(await seedDemo(database.db, 'pw', sealer, { usageDays: 0 })).toBe(true);
    expect(await seedDemo(database.db, 'pw', sealer, { usageDays: 0 })).toBe(false);
    const rows = await database.db.select({ iccid: sims.iccid }).from(sims);
    expect(rows).toHaveLength(5000);
    expect(rows.filter((r) => !/^\d{20}$/.test(r.iccid) || !luhnValid(r.iccid) || !isValidIccid(r.iccid))).toEqual([]);
    expect(new Set(rows.map((r) => r.iccid)).size).toBe(5000);
  });

  it('purgeOldRefreshTokens removes only tokens expired, used or revoked over a week ago', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const future = new Date(now.getTime() + 20 * 86_400_000);
    const rows: Array<{ name: string; expiresAt: Date; usedAt?: Date; revokedAt?: Date }> = [
      { name: 'active', expiresAt: future },
      { name: 'expired-long-ago', expiresAt: daysAgo(8) },
      { name: 'expired-recently', expiresAt: daysAgo(1) },
      { name: 'used-long-ago', expiresAt: future, usedAt: daysAgo(8) },
      { name: 'used-recently', expiresAt: future, usedAt: daysAgo(1) },
      { name: 'revoked-long-ago', expiresAt: future, revokedAt: daysAgo(9) },
      { name: 'revoked-recently', expiresAt: future, revokedAt: daysAgo(2) },
    ];
    await database.db.insert(refreshTokens).values(
      rows.map((r) => ({
        ...r,
        companyId: 1,
        userId: 1,
        familyId: crypto.randomUUID(),
        tokenHash: r.name,
        name: undefined,
      })),
    );
    expect(await purgeOldRefreshTokens(database.db, now)).toBe(3);
    const left = await database.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(left.map((r) => r.tokenHash).sort()).toEqual([
      'active',
      'expired-recently',
      'revoked-recently',
      'used-recently',
    ]);
    expect(await purgeOldRefreshTokens(database.db, now)).toBe(0);
  });
});
