import type { Endpoint, FileEndpoint } from '@cab/contract/endpoint';
import { resultOf } from '@cab/contract/errors';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LangQuery, compiledSerializer, errorResponses } from './route-kit.js';

/** What a handler gets: the validated body (or query), the request (for its principal) and the reply. */
export interface HandlerInput<Input> {
  body: Input;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Per-route settings beyond the endpoint's declaration (transport only: limits, serializer, flags). */
export interface RouteOptions {
  bodyLimit?: number;
  config?: FastifyContextConfig;
  /** compiledSerializer for the hottest routes (route-kit.ts). */
  serializerCompiler?: typeof compiledSerializer;
  /** afterReplyHook (after-reply.ts) for a route that works on once its answer has gone out. */
  onResponse?: (request: FastifyRequest) => Promise<void>;
}

export interface EndpointGroupOptions {
  /** The OpenAPI tag of the module's routes. */
  tag: string;
  /** Error statuses the module's routes may answer beyond the common ones (for the OpenAPI document). */
  errors?: readonly (409 | 410 | 413 | 422)[];
}

/**
 * Registers a module's endpoints: the route's method, path, schemas and access all come from the
 * endpoint's declaration in the contract; a module writes only the handler. The handler's answer is
 * sent as `{ result }`.
 */
export function endpointRoutes(app: FastifyInstance, group: EndpointGroupOptions) {
  const errors = { ...errorResponses, ...Object.fromEntries((group.errors ?? []).map((status) => [status, errorResponses[400]])) };

  return {
    handle: <E extends Endpoint>(
      endpoint: E,
      handler: (input: HandlerInput<z.output<E['body']>>) => Promise<z.input<E['result']>>,
      options: RouteOptions = {},
    ): void => {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        ...options,
        schema: {
          tags: [group.tag],
          querystring: LangQuery,
          // A GET read (readByGet) has no body.
          ...(endpoint.method === 'POST' ? { body: endpoint.body } : {}),
          response: { 200: resultOf(endpoint.result), ...errors },
        },
        handler: async (request, reply) => ({
          result: await handler({ body: request.body as z.output<E['body']>, request, reply }),
        }),
      });
    },

    /** A file download: the handler sends the file itself. */
    file: <E extends FileEndpoint>(endpoint: E, handler: (input: HandlerInput<z.output<E['query']>>) => Promise<unknown>): void => {
      app.route({
        method: 'GET',
        url: endpoint.path,
        schema: { tags: [group.tag], querystring: endpoint.query },
        handler: (request, reply) => handler({ body: request.query as z.output<E['query']>, request, reply }),
      });
    },
  };
}
