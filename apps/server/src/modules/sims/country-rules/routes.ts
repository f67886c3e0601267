import { SIM_RULES_API } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { countryWarnings, createRule, deleteRule, listRules } from './service.js';

export function registerCountryRuleRoutes(app: FastifyInstance, db: Db): void {
  const tools = endpointRoutes(app, { tag: 'tools' });
  tools.handle(SIM_RULES_API.toolsCountryRulesList, async () => ({ items: await listRules(db) }));
  tools.handle(SIM_RULES_API.toolsCountryRulesCreate, async ({ body, request }) => ({ items: await createRule(db, principalOf(request), body) }));
  tools.handle(SIM_RULES_API.toolsCountryRulesDelete, async ({ body, request }) => ({ items: await deleteRule(db, principalOf(request), body.id) }));

  const sims = endpointRoutes(app, { tag: 'sims' });
  sims.handle(SIM_RULES_API.simsCountryWarnings, async ({ body, request }) => ({ items: await countryWarnings(db, principalOf(request), body.ids) }));
}
