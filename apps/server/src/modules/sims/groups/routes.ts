import { GROUPS_API } from '@cab/contract/groups';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { createGroup, deleteGroup, listGroups, renameGroup } from './service.js';

export function registerGroupRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'groups' });
  handle(GROUPS_API.list, ({ request }) => listGroups(db, principalOf(request)));
  handle(GROUPS_API.create, ({ body, request }) => createGroup(db, principalOf(request), body.name));
  handle(GROUPS_API.rename, ({ body, request }) => renameGroup(db, principalOf(request), body.id, body.name));
  handle(GROUPS_API.delete, async ({ body, request }) => {
    await deleteGroup(db, principalOf(request), body.id);
    return { ok: true as const };
  });
}
