import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseAllowHosts } from './delivery/outbound-allow.js';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DEMO_PASSWORD: z.string().min(1).default('demo'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Days of usage history the demo seed writes (a quick start for a test's own cabinet: fewer). */
  DEMO_USAGE_DAYS: z.coerce.number().int().min(0).max(366).default(90),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  SMTP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  WEB_DIST: z.string().optional(),
  /** Simulated network: answer latency per operation call, and the share of SIMs that fail. */
  NETWORK_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  NETWORK_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.02),
  /** SIMs the simulated network gives activity (sessions, SMS, calls) per minute. */
  NETWORK_ACTIVITY_SIMS: z.coerce.number().int().min(0).max(2000).default(500),
  /** Working minutes the simulated network takes to apply a roaming change (at most 3 working days). */
  NETWORK_ROAMING_DELAY_MINUTES: z.coerce.number().int().min(0).max(4320).default(1440),
  /** The network behind the cabinet (issue 24): the built-in simulator, or a real osmo-hlr over its
   * CTRL interface; RADIUS accounting in (off unless an address is set); SMS over SMPP (the simulator's
   * SMS when unset). SIM_KEYS_SECRET seals SIM keys and NAS secrets (default: one generated and kept in
   * the database, like the JWT secret). */
  NETWORK_ADAPTER: z.enum(['simulator', 'osmo-hlr']).default('simulator'),
  HLR_CTRL_ADDR: z
    .string()
    .regex(/^[^:\s]+:\d{1,5}$/, 'host:port')
    .default('127.0.0.1:4259'),
  SIM_KEYS_SECRET: z.string().min(32).optional(),
  RADIUS_ACCT_ADDR: z
    .string()
    .regex(/^[^:\s]+:\d{1,5}$/, 'host:port')
    .optional(),
  RADIUS_SECRET: z.string().min(1).max(128).optional(),
  SMPP_URL: z
    .url()
    .refine((value) => value.startsWith('smpp://'), 'smpp://system_id:password@host:port')
    .optional(),
  /** Bulk operations: SIMs per claimed batch, jobs worked at once per worker process, seconds before a
   * silent claim is taken over by another worker, and the least time between progress events. */
  QUEUE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  QUEUE_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  QUEUE_PROGRESS_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Bulk operations a company may have running at once, and SIMs not yet done summed over them
   * (one operation alone may be bigger); beyond either, creating another answers 429. */
  QUEUE_MAX_RUNNING_PER_COMPANY: z.coerce.number().int().min(1).max(1000).default(5),
  QUEUE_MAX_SIMS_IN_FLIGHT_PER_COMPANY: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** Generated report files: days a file is kept before the expiry job removes it, and files one
   * worker process writes at once. */
  GENERATED_REPORTS_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  REPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Password checks (login, password change): failures counted per account and per client IP in
   * fixed windows shared by every process. An account past its limit is locked for the rest of the
   * window; an IP past AUTH_IP_MAX_FAILURES gets 429 for wrong passwords only (a right one still signs
   * in, so one NAT-ed office does not lock itself out), and past AUTH_IP_BLOCK_FAILURES for every try. */
  AUTH_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  AUTH_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_IP_BLOCK_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Calls one API token may make per fixed minute, counted in the database for every API process;
   * beyond them its calls answer 429 until the minute ends (signed-in sessions are not counted). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** scrypt runs at most this many at once per process (default: half the CPU cores, at least one,
   * so the event loop keeps a core), with this many waiting; more answer 429. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.floor(availableParallelism() / 2))),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** Hours a prepay company may stay at or below zero before its SIMs are blocked (financial block). */
  /** When the billing engine runs (cron, UTC), or `off`. */
  BILLING_CRON: z
    .string()
    .trim()
    .max(100)
    .regex(/^(off|(\S+\s+){4}\S+)$/, 'a five-field cron expression or off')
    .default('5 * * * *'),
  BILLING_GRACE_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(24),
  /** Whether X-Forwarded-For is believed: off unless a proxy in front sets it (else anyone could dodge the login rate limit). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Where users reach the cabinet, for links in e-mails (default http://localhost:PORT). */
  PUBLIC_URL: z.url().optional(),
  /** Where the browser runs the cabinet's pages for passkeys, when not PUBLIC_URL: passkeys are bound
   * to this origin's host name, which must be a domain (localhost counts), never an IP address. */
  PASSKEY_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Notification delivery: Telegram Bot API and WhatsApp Cloud API (a type without its settings fails
   * its deliveries with a logged reason), attempts after the first, first retry delay (doubling), and
   * the time one request may take. */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v20.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  NOTIFY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Hosts (`host` or `host:port`, comma-separated) that webhooks and bot APIs may reach although they
   * resolve to a private or loopback address; every other such address is refused (ARCHITECTURE §7). */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .max(4000)
    .default('')
    .transform((value, ctx) => {
      try {
        return parseAllowHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  /** The least top-up a bill may ask for (EUR); shown in the bill generation form. */
  /** Sales agents: the reward rate (percent of a referred company's paid bill) of an agent without its own, and the least withdrawal. */
  AGENT_REWARD_PERCENT: z.coerce.number().min(0).max(50).default(10),
  AGENT_WITHDRAWAL_MIN_EUR: z.coerce.number().min(0).max(1_000_000).default(20),
  BILL_MIN_AMOUNT_EUR: z.coerce.number().min(0).max(1_000_000).default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Reads the configuration from the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Demo data is seeded on the embedded database, and on PostgreSQL only when asked (SEED_DEMO=1). */
export function shouldSeedDemo(config: Config): boolean {
  if (config.SEED_DEMO) return config.SEED_DEMO === '1';
  return !config.DATABASE_URL;
}
