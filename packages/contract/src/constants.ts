/** Business constants of spec §9 and the architecture, shared by server and web. */

export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

export const CABINET_VERSION = 250314;

export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 500;
export const NEWS_PAGE_SIZE = 10;
export const NOTIFY_LIST_LIMIT = 50;

export const POPUP_LIMIT = 2;
export const POPUP_LIFETIME_MS = 15_000;
export const TOAST_LIFE_MS = 3000;
export const NEWS_TOAST_LIFE_MS = 2000;
export const WS_MAX_ATTEMPTS = 4;
export const WS_ERROR_TOAST_ATTEMPT = 3;
export const UNAUTHORIZED_COUNTER_CAP = 3;

export const MIN_ORDER_SIMS = 50;
export const SIM_PRICE_CENTS = 125;
export const SMS_MAX_LENGTH = 70;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const SIDEBAR_WIDTH_PX = 290;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 65;
export const SIDEBAR_HOVER_OPEN_DELAY_MS = 800;
export const SIDEBAR_HOVER_CLOSE_DELAY_MS = 300;

export const APN_DOMAIN = 'iot.m2m.net';
export const KNOWLEDGE_BASE_URL = 'https://help.m2m-cabinet.example/sim-profiles';
export const HELP_SITE_URL = 'https://help.m2m-cabinet.example';

/** Billing types of a company: 1 prepay, 2 postpay. */
export const BILLING_TYPES = { prepay: 1, postpay: 2 } as const;
export type BillingType = (typeof BILLING_TYPES)[keyof typeof BILLING_TYPES];

export const SIM_PROFILES = ['TC', 'TD', 'BK', 'MS', 'MF'] as const;
export type SimProfile = (typeof SIM_PROFILES)[number];

export const BLOCK_TYPES = ['none', 'voluntary', 'financial', 'violation', 'msu', 'package_expiry'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const QUEUE_REASONS = [
  'queue_unblock',
  'queue_block',
  'queue_disconnect',
  'queue_reconnect',
  'queue_ping',
  'queue_sms',
  'queue_global_unblock',
  'queue_limit',
  'queue_get_limit',
  'queue_report_generate',
  'queue_transfer',
  'queue_tariff_package',
  'queue_package_reconnect',
  'queue_balance',
  'queue_group',
  'queue_imei_lock',
  'queue_imei_unlock',
  'queue_sim_edit',
] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const NOTIFICATION_TYPES = ['success', 'error', 'info', 'warning', 'default'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ORDER_STATUSES = { new: 0, payWaiting: 1, inWork: 2, completed: 3, cancelled: 4, delivery: 5 } as const;

// The SIM list's filter and sort values: here, not beside the list's schemas, so the web entry can
// build a list request without evaluating zod (app/boot-prefetch.ts).
/** Blocked filter of the cards table (spec §3): 0 any, 1 blocked, 2 not blocked, 3 blocked by MSU. */
export const BLOCKED_FILTER = { any: 0, blocked: 1, notBlocked: 2, msu: 3 } as const;

export const SIM_SORT_COLUMNS = ['iccid', 'msisdn', 'name', 'profile', 'block_type', 'company', 'added'] as const;
export type SimSortColumn = (typeof SIM_SORT_COLUMNS)[number];

/**
 * Free labels on SIMs (issue 25.6). A label is a short trimmed text of letters, digits and a few
 * marks — never a comma, semicolon or bar, so a CSV cell can list several. A company's labels are
 * its own. Compared exactly (case counts).
 */
export const SIM_LABEL_MAX_LENGTH = 32;
export const SIM_LABELS_PER_SIM = 10;
/** The labels a company may have in all; the filter's choice lists them. */
export const SIM_LABELS_PER_COMPANY = 500;
export const SIM_LABEL_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._:/#+-]*[\p{L}\p{N}._:/#+-])?$/u;
