import { SIM_STOCK_API, STOCK_FILE_MAX_CHARS } from '@cab/contract/sim-stock';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { getStockLevels, importStock, type StockDeps } from './service.js';

/** A file of 100,000 cards is about 15 MB: this route alone takes a body past the global 1 MB, up to the file limit and its JSON escapes. */
const IMPORT_BODY_LIMIT = STOCK_FILE_MAX_CHARS + 1024 * 1024;

/** Root's Tools → SIM stock (the gate lets only 'tools.use' through). */
export function registerSimStockRoutes(app: FastifyInstance, deps: StockDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'tools', errors: [413, 422] });
  handle(SIM_STOCK_API.levels, () => getStockLevels(deps.db));
  handle(SIM_STOCK_API.import, ({ body, request }) => importStock(deps, principalOf(request), body), { bodyLimit: IMPORT_BODY_LIMIT });
}
