import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../src/auth/password-attempts.js';
import { WorkGate } from '../src/auth/work-gate.js';
import { AppError } from '../src/http/errors.js';
import { createTestApp, post, type TestApp } from './support/test-app.js';

function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('WorkGate', () => {
  it('runs at most `limit` at once, queues up to `queue`, refuses the rest with rate_limited', async () => {
    const gate = new WorkGate(2, 1);
    let running = 0;
    let most = 0;
    const releases = [deferred(), deferred(), deferred()];
    const work = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await releases[i]?.promise;
      running--;
      return i;
    };
    const first = gate.run(work(0));
    const second = gate.run(work(1));
    const third = gate.run(work(2));
    await expect(gate.run(work(3))).rejects.toEqual(new AppError('rate_limited'));
    expect(running).toBe(2);
    releases[0]?.resolve();
    expect(await first).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    // The queued one took the freed slot.
    expect(running).toBe(2);
    releases[1]?.resolve();
    releases[2]?.resolve();
    expect(await Promise.all([second, third])).toEqual([1, 2]);
    expect(most).toBe(2);
    // Free again: new work runs at once.
    expect(await gate.run(() => Promise.resolve('again'))).toBe('again');
  });

  it('frees its slot when the work fails', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(() => Promise.resolve(1))).toBe(1);
  });
});

describe('a burst of password checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1', TRUST_PROXY: '1' } });
  });
  afterAll(async () => t.close());

  it('is cut short with a localized 429 instead of queueing without bound, and the refused tries are not failures', async () => {
    const tryLogin = (i: number, lang: 'ru' | 'en') =>
      post(
        t.app,
        '/api/login',
        { email: `burst${i}@demo.local`, password: 'guess' },
        { lang, headers: { 'x-forwarded-for': `10.30.0.${i}` } },
      );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => tryLogin(i, i % 2 ? 'en' : 'ru')));
    const refused = answers.flatMap((r, i) => (r.statusCode === 429 ? [i] : []));
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(2);
    for (const i of refused) {
      expect(answers[i]?.json()).toEqual(
        i % 2
          ? { code: 'rate_limited', message: 'Too many attempts, please try again later' }
          : { code: 'rate_limited', message: 'Слишком много попыток, попробуйте позже' },
      );
    }
    // A refused try was never checked, so it is not counted: that account still has all 10 tries.
    const again: number[] = [];
    for (let n = 0; n < 10; n++) again.push((await tryLogin(refused[0] ?? 0, 'en')).statusCode);
    expect(again).toEqual(Array<number>(10).fill(401));
  });
});

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, an IPv4-mapped one as IPv4, IPv4 as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(clientKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('ip:2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001::1')).toBe('ip:2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('ip:0:0:0:0::/64');
  });
});
