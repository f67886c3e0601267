import { z } from 'zod';
import { Id } from './common.js';

export const GroupName = z.string().trim().min(1).max(100);

export const Group = z.object({ id: Id, name: z.string(), sim_count: z.number().int(), added: z.number().int() });
export type Group = z.infer<typeof Group>;

export const GroupListResult = z.object({ items: z.array(Group), total: z.number().int() });
export type GroupListResult = z.infer<typeof GroupListResult>;

export const GroupCreateRequest = z.strictObject({ name: GroupName });
export const GroupRenameRequest = z.strictObject({ id: Id, name: GroupName });
export const GroupDeleteRequest = z.strictObject({ id: Id });
