import { z } from 'zod';
import { read } from './endpoint.js';
import { PHONE_CALL_DIRECTIONS } from './registration.js';

/** One call the telephony simulator "made"; the code is the number's last 4 digits (root's Tools page). */
export const SimulatedCall = z.object({
  id: z.number().int(),
  added: z.number().int(),
  phone: z.string(),
  direction: z.enum(PHONE_CALL_DIRECTIONS),
  number: z.string(),
  code: z.string(),
});
export type SimulatedCall = z.infer<typeof SimulatedCall>;

export const SimulatedCallListRequest = z.strictObject({ size: z.number().int().min(1).max(100).optional() }).nullish();
export const SimulatedCallListResult = z.object({ items: z.array(SimulatedCall), total: z.number().int() });
export type SimulatedCallListResult = z.infer<typeof SimulatedCallListResult>;

/** Root's Tools page: what the telephony simulator rang. */
export const TOOLS_API = {
  telephonyCalls: read('/api/tools/telephony_calls', {
    body: SimulatedCallListRequest,
    result: SimulatedCallListResult,
    access: 'tools.use',
  }),
} as const;
