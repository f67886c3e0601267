import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { purgeOldTokenCalls } from '../src/auth/api-token-calls-repository.js';
import { queryRows } from '../src/db/client.js';
import { awaitFreshMinute } from './support/rate-window.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/** API tokens are limited per token and minute (API_TOKEN_RATE_LIMIT); sessions are not counted. */
const LIMIT = 5;
let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: String(LIMIT) } });
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => t.close());

const Created = z.object({ result: z.object({ token: z.object({ id: z.number() }), secret: z.string() }) });
async function createToken(name: string): Promise<{ id: number; secret: string }> {
  const res = await post(t.app, '/api/tokens/create', { name }, { token: admin });
  expect(res.statusCode).toBe(200);
  const { token, secret } = Created.parse(res.json()).result;
  return { id: token.id, secret };
}
const listSims = (token: string, lang: 'ru' | 'en' = 'en') => post(t.app, '/api/sims/list', { page: 0, size: 5 }, { token, lang });

function limitHeaders(res: LightMyRequestResponse) {
  return {
    limit: res.headers['ratelimit-limit'],
    remaining: res.headers['ratelimit-remaining'],
    reset: Number(res.headers['ratelimit-reset']),
  };
}

const auditedCalls = async (tokenId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where api_token_id = ${tokenId} and action = 'api_call'`,
    )
  )[0]?.n;

describe('API token rate limit', () => {
  it('counts a token’s calls down in its headers, then answers 429 with Retry-After and a localized body', async () => {
    const token = await createToken('Limited robot');
    await awaitFreshMinute(t.database.db);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await listSims(token.secret));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(LIMIT).fill(200));
    expect(answers.map((r) => limitHeaders(r).remaining)).toEqual(['4', '3', '2', '1', '0']);
    for (const res of answers) {
      expect(limitHeaders(res).limit).toBe(String(LIMIT));
      expect(limitHeaders(res).reset).toBeGreaterThanOrEqual(1);
      expect(limitHeaders(res).reset).toBeLessThanOrEqual(60);
    }
    // The reset counts down to the same minute's end.
    expect(limitHeaders(answers[4]!).reset).toBeLessThanOrEqual(limitHeaders(answers[0]!).reset);

    const en = await listSims(token.secret, 'en');
    expect(en.statusCode).toBe(429);
    expect(ErrorBody.strict().parse(en.json())).toEqual({ code: 'rate_limited', message: 'Too many attempts, please try again later' });
    expect(limitHeaders(en)).toMatchObject({ limit: String(LIMIT), remaining: '0' });
    expect(en.headers['retry-after']).toBe(String(limitHeaders(en).reset));
    const ru = await listSims(token.secret, 'ru');
    expect(ru.statusCode).toBe(429);
    expect(ru.json()).toEqual({ code: 'rate_limited', message: 'Слишком много попыток, попробуйте позже' });
    // Refused calls did nothing: the five served calls are audited, the refusals are only counted.
    expect(await auditedCalls(token.id)).toBe(LIMIT);
  });

  it('leaves another token and a signed-in session of the same company unaffected', async () => {
    const spent = await createToken('Spent robot');
    const other = await createToken('Other robot');
    await awaitFreshMinute(t.database.db);
    for (let i = 0; i < LIMIT + 2; i++) await listSims(spent.secret);
    expect((await listSims(spent.secret)).statusCode).toBe(429);

    const fresh = await listSims(other.secret);
    expect(fresh.statusCode).toBe(200);
    expect(limitHeaders(fresh).remaining).toBe(String(LIMIT - 1));

    // A session is not counted: no limit headers, and no 429 however many calls it makes.
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await listSims(admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it('states the window on error answers too, and a refused route call still counts', async () => {
    const token = await createToken('Clumsy robot');
    await awaitFreshMinute(t.database.db);
    // Users are not an API token's business (403); a bad body is refused by the schema (400).
    const forbidden = await post(t.app, '/api/tokens/list', {}, { token: token.secret });
    expect(forbidden.statusCode).toBe(403);
    expect(limitHeaders(forbidden)).toMatchObject({ limit: String(LIMIT), remaining: '4' });
    const invalid = await post(t.app, '/api/sims/list', { page: -1, size: 5 }, { token: token.secret });
    expect(invalid.statusCode).toBe(400);
    expect(limitHeaders(invalid)).toMatchObject({ remaining: '3' });
    // An unknown token is no one's: 401, nothing counted, no window stated.
    const unknown = await listSims('cab_unknownunknownunknownunknownunknownunknown1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['ratelimit-limit']).toBeUndefined();
  });

  it('housekeeping purges counters of windows past an hour and keeps the current ones', async () => {
    const token = await createToken('Old robot');
    await listSims(token.secret);
    await t.database.db.execute(sql`
      insert into api_token_calls (company_id, token_id, window_start, count)
      select company_id, token_id, window_start - interval '2 hours', 99 from api_token_calls where token_id = ${token.id}`);
    expect(await purgeOldTokenCalls(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from api_token_calls where token_id = ${token.id}`);
    expect(left[0]?.n).toBe(1);
  });
});
