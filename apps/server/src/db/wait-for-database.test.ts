import { describe, expect, it } from 'vitest';
import { untilDatabaseAnswers } from './wait-for-database.js';

/** What node-postgres rejects a connect with while a database does not accept connections. */
function refusal(code: string): Error {
  return Object.assign(new Error('database "x" is not currently accepting connections'), { code });
}

describe('a process starting while the database refuses', () => {
  it('tries again, backing off, until the database answers, and logs why without any query', async () => {
    const slept: number[] = [];
    const logged: string[] = [];
    let calls = 0;
    const result = await untilDatabaseAnswers(
      () => {
        calls += 1;
        return calls <= 5 ? Promise.reject(refusal(calls % 2 === 0 ? '53300' : '55000')) : Promise.resolve('migrated');
      },
      (line) => logged.push(line),
      { firstDelayMs: 500, maxDelayMs: 4000, sleep: (ms) => Promise.resolve(void slept.push(ms)) },
    );
    expect(result).toBe('migrated');
    expect(slept).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(logged[0]).toBe('database unavailable at start (database "x" is not currently accepting connections (55000)): trying again in 0.5 s');
  });

  it('throws any other failure at once', async () => {
    const fault = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    await expect(untilDatabaseAnswers(() => Promise.reject(fault), () => undefined, { sleep: () => Promise.resolve() })).rejects.toBe(fault);
  });
});
