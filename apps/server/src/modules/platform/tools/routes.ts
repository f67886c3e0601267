import { resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { PHONE_CALL_DIRECTIONS } from '@cab/contract/registration';
import { SimulatedCallListRequest, SimulatedCallListResult } from '@cab/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { listSimulatedCalls } from './repository.js';

const DEFAULT_SIZE = 20;

/** Root's Tools page: what the telephony simulator rang, so a demo operator can read the codes. */
export function registerToolsRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    ACCOUNT_API.toolsTelephonyCalls,
    {
      schema: { tags: ['tools'], querystring: LangQuery, body: SimulatedCallListRequest, response: { 200: resultOf(SimulatedCallListResult), ...errorResponses } },
    },
    // The route table lets only root ('tools.use') through.
    async (request) => {
      const { rows, total } = await listSimulatedCalls(db, request.body?.size ?? DEFAULT_SIZE);
      const items = rows.map((row) => ({
        id: row.id,
        added: Math.floor(row.createdAt.getTime() / 1000),
        phone: row.phone,
        direction: PHONE_CALL_DIRECTIONS.find((d) => d === row.direction) ?? 'outgoing',
        number: row.number,
        code: row.number.slice(-4),
      }));
      return { result: { items, total } };
    },
  );
}
