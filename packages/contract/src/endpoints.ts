import { AGENT_API } from './agents.js';
import type { AnyEndpoint } from './endpoint.js';

/**
 * The endpoint registry: every group of endpoints the API serves. The access table
 * (route-access.ts) and the OpenAPI document are derived from it; the server refuses to start with
 * an endpoint here that no module registered.
 */
export const ENDPOINT_GROUPS = { agents: AGENT_API } as const;

export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
