import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { EmptyBody, Id } from './common.js';
import { action, read } from './endpoint.js';

export const GroupName = z.string().trim().min(1).max(100);

export const Group = z.object({ id: Id, name: z.string(), sim_count: z.number().int(), added: z.number().int() });
export type Group = z.infer<typeof Group>;

export const GroupListResult = z.object({ items: z.array(Group), total: z.number().int() });
export type GroupListResult = z.infer<typeof GroupListResult>;

export const GroupCreateRequest = z.strictObject({ name: GroupName });
export const GroupRenameRequest = z.strictObject({ id: Id, name: GroupName });
export const GroupDeleteRequest = z.strictObject({ id: Id });

/** SIM groups of the caller's company (SIMs join and leave them through the queue). */
export const GROUPS_API = {
  list: read('/api/groups/list', { body: EmptyBody, result: GroupListResult, access: 'sims.read' }),
  create: action('/api/groups/create', { body: GroupCreateRequest, result: Group, access: 'groups.manage', writable: true }),
  rename: action('/api/groups/rename', { body: GroupRenameRequest, result: Group, access: 'groups.manage', writable: true }),
  delete: action('/api/groups/delete', { body: GroupDeleteRequest, result: SessionCheckResult, access: 'groups.manage', writable: true }),
} as const;
