import { ME_API } from '@cab/contract/me';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { getMe } from './service.js';

export function registerMeRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'session' });
  handle(ME_API.get, ({ body, request }) => getMe(db, principalOf(request), body.version, requestLang(request)));
}
