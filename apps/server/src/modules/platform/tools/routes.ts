import { PHONE_CALL_DIRECTIONS } from '@cab/contract/registration';
import { TOOLS_API } from '@cab/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listSimulatedCalls } from './repository.js';

const DEFAULT_SIZE = 20;

/** Root's Tools page: what the telephony simulator rang, so a demo operator can read the codes. */
export function registerToolsRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'tools' });
  // The route table lets only root ('tools.use') through.
  handle(TOOLS_API.telephonyCalls, async ({ body }) => {
    const { rows, total } = await listSimulatedCalls(db, body?.size ?? DEFAULT_SIZE);
    const items = rows.map((row) => ({
      id: row.id,
      added: Math.floor(row.createdAt.getTime() / 1000),
      phone: row.phone,
      direction: PHONE_CALL_DIRECTIONS.find((d) => d === row.direction) ?? 'outgoing',
      number: row.number,
      code: row.number.slice(-4),
    }));
    return { items, total };
  });
}
