import { SIM_DIAGNOSTICS_API } from '@cab/contract/sim-diagnostics';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { diagnoseSim, type DiagnosticsDeps } from './service.js';

export function registerSimDiagnosticsRoutes(app: FastifyInstance, deps: DiagnosticsDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIM_DIAGNOSTICS_API.diagnose, ({ body, request }) => diagnoseSim(deps, principalOf(request), body.id));
}
