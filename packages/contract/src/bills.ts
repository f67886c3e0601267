import { z } from 'zod';
import { EmptyBody, Id, Page, Size, UnixSeconds } from './common.js';
import { action, file, read } from './endpoint.js';

export const BILL_KINDS = ['topup', 'order', 'monthly'] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** Docs filter `paid` (spec §3): 0 any, 1 paid, 2 unpaid. */
export const BILL_PAID_FILTERS = [0, 1, 2] as const;
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The largest top-up a bill may ask for, in EUR. */
export const BILL_MAX_AMOUNT_EUR = 1_000_000;

export const Bill = z.object({
  id: Id,
  number: z.string(),
  kind: z.enum(BILL_KINDS),
  status: z.enum(BILL_STATUSES),
  amount_cents: z.number().int(),
  period: z.string(),
  country: z.string().nullable(),
  company_id: Id,
  company_name: z.string(),
  order_id: Id.nullable(),
  created: UnixSeconds,
  paid_at: UnixSeconds.nullable(),
  cancelled_at: UnixSeconds.nullable(),
});
export type Bill = z.infer<typeof Bill>;

export const BillListFilter = z.strictObject({
  paid: z.union(BILL_PAID_FILTERS.map((p) => z.literal(p))).default(0),
  company: Id.optional(),
  period: z.string().regex(PERIOD_PATTERN).optional(),
  country: z.string().trim().min(2).max(2).optional(),
});

/** Docs list (spec §7): page, size, filter (paid, company, period, country). */
export const BillListRequest = z.strictObject({
  page: Page.default(0),
  size: Size.default(25),
  filter: BillListFilter.default({ paid: 0 }),
});
export type BillListRequest = z.input<typeof BillListRequest>;

export const BillListResult = z.object({ items: z.array(Bill), total: z.number().int() });
export type BillListResult = z.infer<typeof BillListResult>;

export const BillIdRequest = z.strictObject({ id: Id });
export type BillIdRequest = z.infer<typeof BillIdRequest>;

/** A top-up bill; root may issue it for any company, others for their own or a child. */
export const BillCreateRequest = z.strictObject({
  company_id: Id.optional(),
  amount_eur: z.number().positive().max(BILL_MAX_AMOUNT_EUR).multipleOf(0.01),
});
export type BillCreateRequest = z.infer<typeof BillCreateRequest>;

export const BillSettings = z.object({ min_amount_eur: z.number() });
export type BillSettings = z.infer<typeof BillSettings>;

/** GET query of a bill's PDF. */
export const BillPdfQuery = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), lang: z.enum(['ru', 'en']).optional() });

/**
 * Bills of the caller's companies and their PDFs; a company admin issues top-ups and pays order bills
 * from the balance (not while its company is blocked), root marks bills paid or cancels them.
 */
export const BILL_API = {
  list: read('/api/bills/list', { body: BillListRequest, result: BillListResult, access: 'billing.read' }),
  settings: read('/api/bills/settings', { body: EmptyBody, result: BillSettings, access: 'billing.read' }),
  create: action('/api/bills/create', { body: BillCreateRequest, result: Bill, access: 'bills.manage', writable: true }),
  payFromBalance: action('/api/bills/pay_from_balance', { body: BillIdRequest, result: Bill, access: 'bills.manage', writable: true }),
  markPaid: action('/api/bills/mark_paid', { body: BillIdRequest, result: Bill, access: 'companies.manage', writable: false }),
  cancel: action('/api/bills/cancel', { body: BillIdRequest, result: Bill, access: 'companies.manage', writable: false }),
  pdf: file('/api/bills/pdf', { query: BillPdfQuery, access: 'billing.read' }),
} as const;
