import { resultOf } from '@cab/contract/errors';
import { SIM_RULES_API } from '@cab/contract/paths-sim-rules';
import { GlobalUnblockPreview, GlobalUnblockPreviewRequest, GlobalUnblockRunRequest, GlobalUnblockRunResult } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { QueueDeps } from '../queue/create-service.js';
import { previewGlobalUnblock, runGlobalUnblock } from './global-unblock.js';

/** Root's Tools → Global unblock: a dry run, then the run (the route table lets only 'tools.use' through). */
export function registerGlobalUnblockRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const r = typed(app);
  r.post(
    SIM_RULES_API.toolsGlobalUnblockPreview,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['tools'], querystring: LangQuery, body: GlobalUnblockPreviewRequest, response: { 200: resultOf(GlobalUnblockPreview), ...errorResponses } },
    },
    async (request) => ({ result: await previewGlobalUnblock(deps.db, principalOf(request), request.body.filter) }),
  );
  r.post(
    SIM_RULES_API.toolsGlobalUnblockRun,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['tools'], querystring: LangQuery, body: GlobalUnblockRunRequest, response: { 200: resultOf(GlobalUnblockRunResult), ...errorResponses } },
    },
    async (request) => ({ result: await runGlobalUnblock(deps, principalOf(request), request.body.filter, request.body.expected) }),
  );
}
