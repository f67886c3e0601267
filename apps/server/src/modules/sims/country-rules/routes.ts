import { resultOf } from '@cab/contract/errors';
import { SIM_RULES_API } from '@cab/contract/paths-sim-rules';
import {
  CountryRuleCreateRequest,
  CountryRuleDeleteRequest,
  CountryRuleListResult,
  CountryWarningsRequest,
  CountryWarningsResult,
} from '@cab/contract/sim-rules';
import { EmptyBody } from '@cab/contract/common';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { countryWarnings, createRule, deleteRule, listRules } from './service.js';

export function registerCountryRuleRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const listSchema = { tags: ['tools'], querystring: LangQuery, response: { 200: resultOf(CountryRuleListResult), ...errorResponses } };
  r.post(SIM_RULES_API.toolsCountryRulesList, { schema: { ...listSchema, body: EmptyBody } }, async (request) => ({
    result: { items: await listRules(db, principalOf(request)) },
  }));
  r.post(SIM_RULES_API.toolsCountryRulesCreate, { schema: { ...listSchema, body: CountryRuleCreateRequest } }, async (request) => ({
    result: { items: await createRule(db, principalOf(request), request.body) },
  }));
  r.post(SIM_RULES_API.toolsCountryRulesDelete, { schema: { ...listSchema, body: CountryRuleDeleteRequest } }, async (request) => ({
    result: { items: await deleteRule(db, principalOf(request), request.body.id) },
  }));
  r.post(
    SIM_RULES_API.simsCountryWarnings,
    { schema: { tags: ['sims'], querystring: LangQuery, body: CountryWarningsRequest, response: { 200: resultOf(CountryWarningsResult), ...errorResponses } } },
    async (request) => ({ result: { items: await countryWarnings(db, principalOf(request), request.body.ids) } }),
  );
}
