import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { QUEUE_REASONS } from './constants.js';

export const QueueStatus = z.object({
  percentage: z.number().min(0).max(100),
  count: z.number().int(),
  process: z.number().int(),
  ok: z.number().int(),
  fail: z.number().int(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

export const QueueItem = z.object({
  qid: Id,
  queue: z.enum(QUEUE_REASONS),
  added: UnixSeconds,
  user: z.object({ first_name: z.string(), last_name: z.string() }),
  status: QueueStatus,
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueListResult = z.object({ count: z.number().int(), items: z.array(QueueItem) });
export type QueueListResult = z.infer<typeof QueueListResult>;
