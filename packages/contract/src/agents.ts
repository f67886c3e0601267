import { z } from 'zod';
import { EmptyBody, Id, Page, Size, UnixSeconds } from './common.js';
import { action, file, read } from './endpoint.js';

/*
 * Sales agents (ARCHITECTURE §7): a referral code per agent company, rewards as a share of referred
 * companies' paid bills in a reward ledger, and withdrawal requests in the spec's six states.
 */

/** Reward ledger kinds (rows of the agent company's ledger; they move its reward balance only). */
export const AGENT_LEDGER_KINDS = ['agent_reward', 'agent_reward_reversal', 'withdrawal_hold', 'withdrawal_release'] as const;
export type AgentLedgerKind = (typeof AGENT_LEDGER_KINDS)[number];

/** Spec §4: awaiting, approving, awaiting agent action, paid and awaiting agent action, paid, declined. */
export const REQUEST_STATES = ['awaiting', 'approving', 'awaiting_agent', 'paid_awaiting_agent', 'paid', 'declined'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
/** States whose amount is still held (not final). */
export const OPEN_REQUEST_STATES: readonly RequestState[] = ['awaiting', 'approving', 'awaiting_agent'];

/** What each side may do, from which state, to which state. The one table server and web use. */
export const REQUEST_ACTIONS = {
  take: { by: 'root', from: ['awaiting'], to: 'approving', comment: 'optional' },
  ask: { by: 'root', from: ['approving'], to: 'awaiting_agent', comment: 'required' },
  answer: { by: 'agent', from: ['awaiting_agent'], to: 'approving', comment: 'required' },
  pay: { by: 'root', from: ['approving'], to: 'paid_awaiting_agent', comment: 'optional' },
  confirm: { by: 'agent', from: ['paid_awaiting_agent'], to: 'paid', comment: 'optional' },
  decline: { by: 'root', from: ['awaiting', 'approving', 'awaiting_agent'], to: 'declined', comment: 'required' },
} as const satisfies Record<string, { by: 'root' | 'agent'; from: readonly RequestState[]; to: RequestState; comment: 'optional' | 'required' }>;
export type RequestAction = keyof typeof REQUEST_ACTIONS;
export const REQUEST_ACTION_NAMES = Object.keys(REQUEST_ACTIONS) as RequestAction[];

export function actionsFor(side: 'root' | 'agent', state: RequestState): RequestAction[] {
  return REQUEST_ACTION_NAMES.filter((name) => {
    const action = REQUEST_ACTIONS[name];
    return action.by === side && (action.from as readonly RequestState[]).includes(state);
  });
}

/** The least a withdrawal may ask for unless the server says otherwise (config AGENT_WITHDRAWAL_MIN_EUR). */
export const WITHDRAWAL_MAX_CENTS = 100_000_000;
/** "N" or "+N" EUR with up to two decimals: "150", "+150.5", "150,50". */
export const WITHDRAWAL_AMOUNT_INPUT = /^\+?(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** "150.50" → 15050; null for anything else, zero, or more than the bound (read as text, never float). */
export function parseWithdrawalCents(text: string): number | null {
  const match = WITHDRAWAL_AMOUNT_INPUT.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0 || cents > WITHDRAWAL_MAX_CENTS) return null;
  return cents;
}

/** A reward rate in percent, up to two decimals, 0–50: "10", "7.5". Stored as basis points. */
export const RATE_INPUT = /^(\d{1,2})(?:[.,](\d{1,2}))?$/;
export const RATE_MAX_BP = 5000;
export function parseRateBp(text: string): number | null {
  const match = RATE_INPUT.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp > RATE_MAX_BP ? null : bp;
}

/** IBAN: country, check digits, 11–30 letters/digits; the ISO 13616 mod-97 check must give 1. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}
export function isValidIban(text: string): boolean {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Attachments: PDF, PNG or JPEG, up to 2 MB, sent as base64 in the JSON body. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/**
 * The base64 text may stand for up to twice the limit, so a file somewhat over it reaches the server's
 * size check and gets its clear error (attachment_too_large) rather than a schema refusal.
 */
export const ATTACHMENT_BASE64_MAX = Math.ceil((2 * ATTACHMENT_MAX_BYTES) / 3) * 4;

export const AttachmentUpload = z.strictObject({
  /** Shown to people only; the stored key is built from ids. */
  name: z.string().trim().min(1).max(200),
  /** Base64 of the file's bytes; its real type is read from the bytes, not from the name. */
  content_base64: z.string().min(4).max(ATTACHMENT_BASE64_MAX).regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type AttachmentUpload = z.infer<typeof AttachmentUpload>;

const Comment = z.string().trim().max(2000);
/** Optional for root's pages; an agent's own calls name nobody (its company is the agent). */
const AgentRef = Id.optional();

export const AgentInfoRequest = z.strictObject({ agent_company_id: AgentRef });
export type AgentInfoRequest = z.infer<typeof AgentInfoRequest>;

export const AgentInfo = z.object({
  agent_company_id: Id,
  agent_name: z.string(),
  referral_code: z.string(),
  /** Basis points: 1000 = 10 %. */
  rate_bp: z.number().int(),
  /** True when the agent has no rate of its own and the server's default applies. */
  rate_is_default: z.boolean(),
  /** The reward ledger's sum: what can still be withdrawn (open requests are already held out of it). */
  balance_cents: z.number().int(),
  held_cents: z.number().int(),
  earned_cents: z.number().int(),
  paid_out_cents: z.number().int(),
  min_withdrawal_cents: z.number().int(),
  /** Rewards per month (YYYY-MM), the last 12 months, oldest first. */
  months: z.array(z.object({ month: z.string(), cents: z.number().int() })),
});
export type AgentInfo = z.infer<typeof AgentInfo>;

export const REFERRED_SORT_COLUMNS = ['name', 'sims', 'paid_month', 'earned'] as const;
export const AgentCompaniesRequest = z.strictObject({
  agent_company_id: AgentRef,
  page: Page.default(0),
  size: Size.default(10),
  sort: z.strictObject({ column: z.enum(REFERRED_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) }).optional(),
});
export type AgentCompaniesRequest = z.input<typeof AgentCompaniesRequest>;
export const ReferredCompany = z.object({
  id: Id,
  name: z.string(),
  sims: z.number().int(),
  paid_month_cents: z.number().int(),
  earned_cents: z.number().int(),
  since: UnixSeconds,
});
export type ReferredCompany = z.infer<typeof ReferredCompany>;
export const AgentCompaniesResult = z.object({ items: z.array(ReferredCompany), total: z.number().int() });
export type AgentCompaniesResult = z.infer<typeof AgentCompaniesResult>;

/** The reward ledger with the spec's deposit filter: company (a referred company) and type. */
export const AgentLedgerRequest = z.strictObject({
  agent_company_id: AgentRef,
  page: Page.default(0),
  size: Size.default(10),
  filter: z.strictObject({ company: Id.optional(), type: z.enum(AGENT_LEDGER_KINDS).optional() }).default({}),
});
export type AgentLedgerRequest = z.input<typeof AgentLedgerRequest>;
export const AgentLedgerEntry = z.object({
  id: Id,
  added: UnixSeconds,
  kind: z.enum(AGENT_LEDGER_KINDS),
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
  source_company_name: z.string().nullable(),
  bill_number: z.string().nullable(),
  request_id: Id.nullable(),
});
export type AgentLedgerEntry = z.infer<typeof AgentLedgerEntry>;
export const AgentLedgerResult = z.object({ items: z.array(AgentLedgerEntry), total: z.number().int() });
export type AgentLedgerResult = z.infer<typeof AgentLedgerResult>;

export const PAYOUT_METHODS = ['iban', 'other'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const WithdrawalCreateRequest = z.strictObject({
  /** "N" or "+N" EUR with cents; checked by parseWithdrawalCents so the error is localized. */
  amount: z.string().max(32),
  method: z.enum(PAYOUT_METHODS),
  iban: z.string().max(64).optional(),
  holder: z.string().trim().max(200).optional(),
  details: z.string().trim().max(1000).optional(),
  comment: Comment.optional(),
});
export type WithdrawalCreateRequest = z.infer<typeof WithdrawalCreateRequest>;

export const RequestListRequest = z.strictObject({
  page: Page.default(0),
  size: Size.default(25),
  filter: z
    .strictObject({
      state: z.enum(REQUEST_STATES).optional(),
      /** Root: one agent's requests. */
      agent: Id.optional(),
      /** Created on or after / before (unix seconds). */
      from: UnixSeconds.min(0).max(4_102_444_800).optional(),
      to: UnixSeconds.min(0).max(4_102_444_800).optional(),
    })
    .default({}),
});
export type RequestListRequest = z.input<typeof RequestListRequest>;

export const WithdrawalRequest = z.object({
  id: Id,
  agent_company_id: Id,
  agent_name: z.string(),
  amount_cents: z.number().int(),
  state: z.enum(REQUEST_STATES),
  method: z.enum(PAYOUT_METHODS),
  iban: z.string().nullable(),
  holder: z.string().nullable(),
  details: z.string().nullable(),
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;
export const RequestListResult = z.object({ items: z.array(WithdrawalRequest), total: z.number().int() });
export type RequestListResult = z.infer<typeof RequestListResult>;

export const RequestAttachment = z.object({ id: Id, name: z.string(), type: z.enum(ATTACHMENT_TYPES), bytes: z.number().int() });
export type RequestAttachment = z.infer<typeof RequestAttachment>;

export const RequestEvent = z.object({
  id: Id,
  at: UnixSeconds,
  /** null for the creation event. */
  action: z.enum(REQUEST_ACTION_NAMES as [RequestAction, ...RequestAction[]]).nullable(),
  from_state: z.enum(REQUEST_STATES).nullable(),
  to_state: z.enum(REQUEST_STATES),
  side: z.enum(['root', 'agent']),
  author: z.string(),
  comment: z.string().nullable(),
  attachment: RequestAttachment.nullable(),
});
export type RequestEvent = z.infer<typeof RequestEvent>;

export const RequestGetRequest = z.strictObject({ id: Id });
export const RequestDetail = z.object({
  request: WithdrawalRequest,
  events: z.array(RequestEvent),
  /** What the caller may do now. */
  actions: z.array(z.enum(REQUEST_ACTION_NAMES as [RequestAction, ...RequestAction[]])),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

export const RequestTransitionRequest = z.strictObject({
  id: Id,
  action: z.enum(REQUEST_ACTION_NAMES as [RequestAction, ...RequestAction[]]),
  comment: Comment.optional(),
  attachment: AttachmentUpload.optional(),
});
export type RequestTransitionRequest = z.infer<typeof RequestTransitionRequest>;

/** Root: an agent's reward rate ("" = back to the server default) and a company's agent. */
export const AgentRateRequest = z.strictObject({ agent_company_id: Id, rate: z.string().max(8) });
export type AgentRateRequest = z.infer<typeof AgentRateRequest>;
export const AgentAssignRequest = z.strictObject({ company_id: Id, agent_company_id: Id.nullable() });
export type AgentAssignRequest = z.infer<typeof AgentAssignRequest>;

export const AgentSummary = z.object({ id: Id, name: z.string(), referral_code: z.string(), rate_bp: z.number().int() });
export const AgentListResult = z.object({ items: z.array(AgentSummary), total: z.number().int() });
export type AgentListResult = z.infer<typeof AgentListResult>;

export const AgentAssignResult = z.object({ company_id: Id, agent_company_id: Id.nullable() });

export const RequestFileQuery = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lang: z.enum(['ru', 'en']).optional(),
});

/** The agent panel, rewards and withdrawal requests (root: the agents list, rates and assignments). */
export const AGENT_API = {
  info: read('/api/agent/info', { body: AgentInfoRequest, result: AgentInfo, access: 'agent.requests' }),
  companies: read('/api/agent/companies', { body: AgentCompaniesRequest, result: AgentCompaniesResult, access: 'agent.requests' }),
  ledger: read('/api/agent/ledger', { body: AgentLedgerRequest, result: AgentLedgerResult, access: 'agent.requests' }),
  list: read('/api/agent/list', { body: EmptyBody, result: AgentListResult, access: 'companies.manage' }),
  rate: action('/api/agent/rate', { body: AgentRateRequest, result: AgentInfo, access: 'companies.manage', writable: false }),
  assign: action('/api/agent/assign', { body: AgentAssignRequest, result: AgentAssignResult, access: 'companies.manage', writable: false }),
  requestsList: read('/api/agent/requests/list', { body: RequestListRequest, result: RequestListResult, access: 'agent.requests' }),
  requestsGet: read('/api/agent/requests/get', { body: RequestGetRequest, result: RequestDetail, access: 'agent.requests' }),
  requestsCreate: action('/api/agent/requests/create', {
    body: WithdrawalCreateRequest,
    result: WithdrawalRequest,
    access: 'agent.requests',
    writable: true,
    // Root acts on requests ('agent.requests') but asks for no payout of its own.
    requires: () => 'agent.withdraw',
  }),
  requestsTransition: action('/api/agent/requests/transition', {
    body: RequestTransitionRequest,
    result: RequestDetail,
    access: 'agent.requests',
    writable: true,
  }),
  requestsFile: file('/api/agent/requests/file', { query: RequestFileQuery, access: 'agent.requests' }),
} as const;
