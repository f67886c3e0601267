import { z } from 'zod';
import { Id, Page, Size, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/** SIM price of an order (spec §9: 1.25 EUR), in cents. */
export const SIM_PRICE_CENTS = 125;
/** Orders are for a multiple of 50 SIMs, at least 50 (spec §5). */
export const ORDER_COUNT_STEP = 50;
export const ORDER_COUNT_MAX = 100_000;

export function isValidOrderCount(count: number): boolean {
  return Number.isInteger(count) && count >= ORDER_COUNT_STEP && count <= ORDER_COUNT_MAX && count % ORDER_COUNT_STEP === 0;
}

/** 0 New, 1 Pay waiting, 2 In work, 3 Completed, 4 Cancelled, 5 Delivery (spec §4). */
export const ORDER_STATUS = { new: 0, payWaiting: 1, inWork: 2, completed: 3, cancelled: 4, delivery: 5 } as const;
export const ORDER_STATUSES = [0, 1, 2, 3, 4, 5] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_GROUPS = ['actual', 'completed', 'cancelled'] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number];
export const ORDER_GROUP_STATUSES: Record<OrderGroup, readonly OrderStatus[]> = {
  actual: [0, 1, 2, 5],
  completed: [3],
  cancelled: [4],
};

/**
 * Where root may move an order by hand. Pay waiting → In work happens only when the order's bill is
 * paid; a paid order is never cancelled here (its money would need a refund, which is a bill matter).
 * Completed and Cancelled are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  0: [1, 4],
  1: [4],
  2: [5, 3],
  5: [3],
  3: [],
  4: [],
};

/** A company admin may cancel its own order while nothing has been paid. */
export const ORDER_CANCELLABLE: readonly OrderStatus[] = [0, 1];

/** Why an order in work cannot be completed yet: stock_short, the SIM stock holds fewer free cards than it needs. */
export const ORDER_WAITING_REASONS = ['stock_short'] as const;

const OrderStatusSchema = z.union(ORDER_STATUSES.map((s) => z.literal(s)));

export const Order = z.object({
  id: Id,
  number: z.string(),
  status: OrderStatusSchema,
  count: z.number().int(),
  price_cents: z.number().int(),
  amount_cents: z.number().int(),
  contact: z.string(),
  address: z.string(),
  supplier_comment: z.string().nullable(),
  waiting_reason: z.enum(ORDER_WAITING_REASONS).nullable(),
  company_id: Id,
  company_name: z.string(),
  bill_id: Id.nullable(),
  bill_number: z.string().nullable(),
  bill_status: z.string().nullable(),
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type Order = z.infer<typeof Order>;

/** Count bounds only: the multiple-of-50 rule is checked by the server with the spec's localized text. */
export const OrderCreateRequest = z.strictObject({
  company_id: Id,
  count: z.number().int().min(0).max(ORDER_COUNT_MAX),
  contact: z.string().trim().max(500),
  address: z.string().trim().max(1000),
});
export type OrderCreateRequest = z.infer<typeof OrderCreateRequest>;

export const OrderListRequest = z.strictObject({
  page: Page.default(0),
  size: Size.default(25),
  filter: z
    .strictObject({ group: z.enum(ORDER_GROUPS).optional(), company: Id.optional() })
    .default({}),
});
export type OrderListRequest = z.input<typeof OrderListRequest>;

export const OrderListResult = z.object({ items: z.array(Order), total: z.number().int() });
export type OrderListResult = z.infer<typeof OrderListResult>;

export const OrderIdRequest = z.strictObject({ id: Id });
export type OrderIdRequest = z.infer<typeof OrderIdRequest>;

export const OrderStatusRequest = z.strictObject({
  id: Id,
  status: OrderStatusSchema,
  supplier_comment: z.string().trim().max(1000).optional(),
});
export type OrderStatusRequest = z.infer<typeof OrderStatusRequest>;

export const OrderCommentRequest = z.strictObject({ id: Id, supplier_comment: z.string().trim().max(1000) });
export type OrderCommentRequest = z.infer<typeof OrderCommentRequest>;

/** Orders of the caller's companies; a company admin orders and cancels, root moves and comments. */
export const ORDER_API = {
  list: read('/api/orders/list', { body: OrderListRequest, result: OrderListResult, access: 'billing.read' }),
  get: read('/api/orders/get', { body: OrderIdRequest, result: Order, access: 'billing.read' }),
  create: action('/api/orders/create', { body: OrderCreateRequest, result: Order, access: 'orders.manage', writable: true }),
  status: action('/api/orders/status', { body: OrderStatusRequest, result: Order, access: 'companies.manage', writable: false }),
  comment: action('/api/orders/comment', { body: OrderCommentRequest, result: Order, access: 'companies.manage', writable: false }),
  cancel: action('/api/orders/cancel', { body: OrderIdRequest, result: Order, access: 'orders.manage', writable: true }),
} as const;
