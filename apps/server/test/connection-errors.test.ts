import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeUnavailability, isConnectionError, isDatabaseUnavailable } from '../src/db/connection-errors.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Which failures the API answers with 503 (and workers wait out) instead of 500. */
describe('database availability errors', () => {
  it('recognizes lost and refused connections, also when Drizzle wraps them', () => {
    const lost = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET')),
    ];
    for (const error of lost) expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([true, true]);
    expect(describeUnavailability(lost[7])).toBe('read ECONNRESET (ECONNRESET)');
  });

  it('leaves request and code faults alone, whatever the query parameters say', () => {
    const faults = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      new DrizzleQueryError('select $1', ['Connection terminated'], withCode('invalid input syntax', '22P02')),
      new TypeError('x is undefined'),
    ];
    for (const error of faults) expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([false, false]);
  });

  it('answers 503 for a closed embedded database but does not wait for it to come back', () => {
    const closed = new DrizzleQueryError('select 1', [], new Error('PGlite is closed'));
    expect([isConnectionError(closed), isDatabaseUnavailable(closed)]).toEqual([false, true]);
  });
});
