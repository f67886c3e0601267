import { describeErrorWithStack } from '../log/loggable-error.js';
import { describeUnavailability, isDatabaseUnavailable } from './connection-errors.js';

const QUIET_MS = 10_000;

export type ReportError = (context: string, error: unknown) => void;

/**
 * Reports failures of background work (job polling, listeners, stray rejections). While the
 * database is away every poller fails on every tick, so connection errors are written at most
 * once per 10 s with how many were left out; any other error is written in full but without its
 * query's parameters (log/loggable-error.ts).
 */
export function createErrorReporter(write: (message: string) => void): ReportError {
  let lastAt = 0;
  let suppressed = 0;
  return (context, error) => {
    if (!isDatabaseUnavailable(error)) return write(`${context}: ${describeErrorWithStack(error)}`);
    const now = Date.now();
    if (now - lastAt < QUIET_MS) {
      suppressed += 1;
      return;
    }
    const more = suppressed > 0 ? ` (${suppressed} similar since the last report)` : '';
    lastAt = now;
    suppressed = 0;
    write(`${context}: database unavailable: ${describeUnavailability(error)}${more}`);
  };
}
