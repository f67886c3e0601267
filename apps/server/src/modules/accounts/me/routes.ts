import { resultOf } from '@cab/contract/errors';
import { MeRequest, MeResult } from '@cab/contract/me';
import { API } from '@cab/contract/paths';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { getMe } from './service.js';

export function registerMeRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    API.me,
    { schema: { tags: ['session'], querystring: LangQuery, body: MeRequest, response: { 200: resultOf(MeResult), ...errorResponses } } },
    async (request) => ({ result: await getMe(db, principalOf(request), request.body.version, requestLang(request)) }),
  );
}
