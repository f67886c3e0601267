import { describeUnavailability, isDatabaseUnavailable } from './connection-errors.js';

export interface WaitOptions {
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs a process's first work with the database (migrations, the startup lock) until the database
 * answers: a process started while the database restarts, fails over or refuses connections waits
 * for it, backing off to `maxDelayMs`, instead of exiting (an orchestrator would only start it again
 * into the same refusal). Any other failure is thrown as it is.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, log: (message: string) => void, options: WaitOptions = {}): Promise<T> {
  const { firstDelayMs = 500, maxDelayMs = 10_000, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = options;
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log(`database unavailable at start (${describeUnavailability(error)}): trying again in ${(delay / 1000).toFixed(1)} s`);
      await sleep(delay);
    }
  }
}
