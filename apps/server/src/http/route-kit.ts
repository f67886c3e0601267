import { LangQuery } from '@cab/contract/common';
import { ErrorBody } from '@cab/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app with zod as its type provider: one schema validates, types and documents a route. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  424: ErrorBody,
  429: ErrorBody,
} as const;

export { LangQuery };
