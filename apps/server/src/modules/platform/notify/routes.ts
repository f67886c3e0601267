import type { LangQuery } from '@cab/contract/common';
import { NOTIFY_API } from '@cab/contract/notify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listNotifications, readNotifications } from './service.js';

/** The call's `lang` if it names one (LangQuery validated it); without one, each row keeps its own text. */
const askedLang = (request: FastifyRequest) => (request.query as z.output<typeof LangQuery>).lang;

export function registerNotifyRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'notifications' });
  handle(NOTIFY_API.list, ({ body, request }) => listNotifications(db, principalOf(request), body?.all ?? false, askedLang(request)));
  handle(NOTIFY_API.read, async ({ body, request }) => ({ updated: await readNotifications(db, principalOf(request), body.id) }));
}
