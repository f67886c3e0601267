import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { Group, GroupCreateRequest, GroupDeleteRequest, GroupListResult, GroupRenameRequest } from '@cab/contract/groups';
import { SessionCheckResult } from '@cab/contract/auth';
import { API } from '@cab/contract/paths';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { createGroup, deleteGroup, listGroups, renameGroup } from './service.js';

export function registerGroupRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const schema = { tags: ['groups'], querystring: LangQuery };
  r.post(API.groupsList, { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(GroupListResult), ...errorResponses } } }, async (request) => ({
    result: await listGroups(db, principalOf(request)),
  }));
  r.post(API.groupsCreate, { schema: { ...schema, body: GroupCreateRequest, response: { 200: resultOf(Group), ...errorResponses } } }, async (request) => ({
    result: await createGroup(db, principalOf(request), request.body.name),
  }));
  r.post(API.groupsRename, { schema: { ...schema, body: GroupRenameRequest, response: { 200: resultOf(Group), ...errorResponses } } }, async (request) => ({
    result: await renameGroup(db, principalOf(request), request.body.id, request.body.name),
  }));
  r.post(
    API.groupsDelete,
    { schema: { ...schema, body: GroupDeleteRequest, response: { 200: resultOf(SessionCheckResult), ...errorResponses } } },
    async (request) => {
      await deleteGroup(db, principalOf(request), request.body.id);
      return { result: { ok: true as const } };
    },
  );
}
