import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_TOKEN_PREFIX } from '@cab/contract/api-tokens';
import { ERROR_CODES, ErrorBody, type ErrorCode } from '@cab/contract/errors';
import { AUTH_API } from '@cab/contract/auth';
import { ROUTE_ACCESS, routeKey } from '@cab/contract/route-access';
import { z } from 'zod';
import { RATE_LIMIT_HEADERS } from '../auth/api-token-limit.js';
import { ERROR_STATUS } from './errors.js';
import { KEY_PATTERN } from './idempotency.js';
import { ERROR_MESSAGES } from './messages.js';

/*
 * What the route schemas cannot say, added to the generated OpenAPI document from the code that
 * decides it: who may call (route-access.ts), what every call may answer besides its own schema
 * (errors.ts, authenticate.ts, idempotency.ts, the token limit), and the headers that come with it.
 */

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
}
interface Document {
  info?: { title?: string; version?: string; description?: string };
  components?: Record<string, Record<string, unknown> | undefined>;
  paths?: Record<string, Record<string, Operation>>;
}

export const BEARER_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: `JWT | ${API_TOKEN_PREFIX}…`,
  description:
    `A session's access JWT (from ${AUTH_API.login.path}, 15 minutes) or an API token \`${API_TOKEN_PREFIX}…\` (My company → Access tokens). ` +
    `Токен доступа сессии (JWT из ${AUTH_API.login.path}, 15 минут) или API-токен \`${API_TOKEN_PREFIX}…\` (Моя компания → Токены доступа).`,
} as const;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const RETRY_AFTER = 'Retry-After';

const HEADERS = {
  [RATE_LIMIT_HEADERS.limit]: {
    description: 'API tokens only: calls allowed per minute. Только для API-токенов: вызовов в минуту.',
    schema: { type: 'integer', minimum: 1 },
  },
  [RATE_LIMIT_HEADERS.remaining]: {
    description: 'API tokens only: calls left in this minute. Только для API-токенов: вызовов осталось в этой минуте.',
    schema: { type: 'integer', minimum: 0 },
  },
  [RATE_LIMIT_HEADERS.reset]: {
    description: 'API tokens only: seconds until the minute ends. Только для API-токенов: секунд до конца минуты.',
    schema: { type: 'integer', minimum: 1, maximum: 60 },
  },
  [RETRY_AFTER]: { description: 'Seconds to wait before trying again. Секунд до повторной попытки.', schema: { type: 'integer', minimum: 1 } },
};

const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'The first call with a key acts and its answer is kept 24 h; a repeat gets that answer (Idempotent-Replayed: true) without acting. ' +
    'Первый вызов с ключом выполняется, его ответ хранится 24 ч; повтор получает тот же ответ без повторного действия.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: KEY_PATTERN.source },
};

function codesOf(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}

/** Error statuses the pipeline itself may answer a route with, beyond what its schema declares. */
function pipelineStatuses(method: string, signedIn: boolean): number[] {
  const statuses = [400, 500, 503];
  if (method === 'post') statuses.push(413, 415);
  // A signed-in route: no or a bad token, its access rule, the token limit; a POST's Idempotency-Key.
  if (signedIn) statuses.push(401, 403, 429);
  if (signedIn && method === 'post') statuses.push(409, 422);
  return statuses;
}

function errorResponse(status: number, limitHeaders: Record<string, unknown>): Response {
  const codes = codesOf(status);
  // The body names its code; for this status only these codes occur (errors.ts ERROR_STATUS).
  const schema = codes.length ? { allOf: [ref('schemas', 'ErrorBody'), { type: 'object', properties: { code: { type: 'string', enum: codes } } }] } : ref('schemas', 'ErrorBody');
  const retry = status === 429 || status === 503 || codes.includes('idempotency_key_in_use') ? { [RETRY_AFTER]: ref('headers', RETRY_AFTER) } : {};
  return {
    description: codes.map((code) => `\`${code}\``).join(', ') || 'Error',
    content: { 'application/json': { schema } },
    headers: { ...limitHeaders, ...retry },
  };
}

function completeOperation(path: string, method: string, operation: Operation): void {
  const access = ROUTE_ACCESS[routeKey(method.toUpperCase(), path)];
  const signedIn = access !== undefined && access !== 'public';
  if (!signedIn) operation.security = [];
  if (signedIn && method === 'post') operation.parameters = [...(operation.parameters ?? []), ref('parameters', 'IdempotencyKey')];
  const limitHeaders: Record<string, unknown> = signedIn
    ? Object.fromEntries(Object.values(RATE_LIMIT_HEADERS).map((name) => [name, ref('headers', name)]))
    : {};
  const responses = (operation.responses ??= {});
  const statuses = new Set([...Object.keys(responses).map(Number), ...pipelineStatuses(method, signedIn)]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    if (status >= 400) responses[String(status)] = errorResponse(status, limitHeaders);
    else if (responses[String(status)]) responses[String(status)] = { ...responses[String(status)], headers: { ...responses[String(status)]?.headers, ...limitHeaders } };
  }
}

/** Every error code with its status and its messages, as a table for the documentation's readers. */
function errorTable(): string {
  const rows = ERROR_CODES.map((code) => `| \`${code}\` | ${ERROR_STATUS[code]} | ${ERROR_MESSAGES[code].en} | ${ERROR_MESSAGES[code].ru} |`);
  return ['| code | HTTP | message (en) | сообщение (ru) |', '|---|---|---|---|', ...rows].join('\n');
}

function description(): string {
  return [
    `**Auth / Доступ.** \`Authorization: Bearer <token>\`: ${BEARER_SCHEME.description} Operations with empty \`security\` need none. Операции с пустым \`security\` доступны без токена.`,
    `**Limits / Лимиты.** Each API token has a per-minute limit; its answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\`, and past the limit 429 \`rate_limited\` with \`Retry-After\`. ` +
      'У каждого API-токена есть лимит вызовов в минуту; ответы несут эти заголовки, сверх лимита — 429 `rate_limited` с `Retry-After`.',
    `**Repeatable actions / Повторы.** A POST may carry \`Idempotency-Key\` (see the parameter). POST-запрос может нести \`Idempotency-Key\`.`,
    `**Errors / Ошибки.** \`{ message, code, fields? }\`; \`message\` follows \`?lang=ru|en\`.\n\n${errorTable()}`,
  ].join('\n\n');
}

function completeDocument(document: Document): Document {
  const components = (document.components ??= {});
  const { $schema: _draft, ...errorBody } = z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' });
  components.schemas = { ...components.schemas, ErrorBody: errorBody };
  components.headers = { ...components.headers, ...HEADERS };
  components.parameters = { ...components.parameters, IdempotencyKey: IDEMPOTENCY_PARAMETER };
  document.info = { ...document.info, description: description() };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) completeOperation(path, method, operation);
  }
  return document;
}

/** For @fastify/swagger: the document is built once, on its first request, and kept. */
export const completeApiDocument: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (built) =>
  'openapiObject' in built ? (completeDocument(built.openapiObject as Document) as typeof built.openapiObject) : built.swaggerObject;
