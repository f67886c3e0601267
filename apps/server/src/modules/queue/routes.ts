import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import { QueueListResult } from '@cab/contract/queue';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../http/route-kit.js';
import { listQueue } from './service.js';

export function registerQueueRoutes(app: FastifyInstance, db: Db): void {
  typed(app).get(
    API.queueList,
    { schema: { tags: ['queue'], querystring: LangQuery, response: { 200: resultOf(QueueListResult), ...errorResponses } } },
    async (request) => ({ result: await listQueue(db, principalOf(request)) }),
  );
}
