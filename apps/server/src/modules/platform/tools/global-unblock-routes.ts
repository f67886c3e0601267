import { SIM_RULES_API } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { QueueDeps } from '../queue/index.js';
import { previewGlobalUnblock, runGlobalUnblock } from './global-unblock.js';

/** Root's Tools → Global unblock: a dry run, then the run (the gate lets only 'tools.use' through). */
export function registerGlobalUnblockRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'tools' });
  // The filter's CSV may be a few MB of text, as on the cards list.
  const bodyLimit = 6 * 1024 * 1024;
  handle(SIM_RULES_API.toolsGlobalUnblockPreview, ({ body, request }) => previewGlobalUnblock(deps.db, principalOf(request), body.filter), { bodyLimit });
  handle(SIM_RULES_API.toolsGlobalUnblockRun, ({ body, request }) => runGlobalUnblock(deps, principalOf(request), body.filter, body.expected), {
    bodyLimit,
  });
}
