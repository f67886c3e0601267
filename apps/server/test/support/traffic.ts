import type { ServerProcess } from './processes.js';

export interface CallOutcome {
  port: number;
  at: number;
  /** The HTTP status, or null when the call got no answer (connection refused or reset). */
  status: number | null;
  body: unknown;
  /** The Retry-After header, when the answer has one. */
  retryAfter?: string | null;
  error?: string;
}

/** POSTs JSON to a server process with `?lang=`; transport failures become an outcome, not a throw. */
export async function callProcess(
  proc: ServerProcess,
  url: string,
  body: unknown,
  options: { token?: string; lang?: 'ru' | 'en' } = {},
): Promise<CallOutcome> {
  const at = Date.now();
  try {
    const res = await fetch(`http://127.0.0.1:${proc.port}${url}?lang=${options.lang ?? 'en'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: a non-JSON answer is itself a finding.
    }
    return { port: proc.port, at, status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return { port: proc.port, at, status: null, body: null, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

/**
 * A bounded stream of SIM-list calls spread over several processes, one after another with a short
 * pause, until `stop()` or `maxCalls`; resolves with every outcome.
 */
export function runListTraffic(procs: ServerProcess[], token: string, maxCalls = 1500): { stop(): void; done: Promise<CallOutcome[]> } {
  let stopped = false;
  const outcomes: CallOutcome[] = [];
  const done = (async () => {
    for (let i = 0; i < maxCalls && !stopped; i++) {
      const proc = procs[i % procs.length];
      if (!proc) break;
      outcomes.push(await callProcess(proc, '/api/sims/list', { page: 0, size: 25 }, { token }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return outcomes;
  })();
  return {
    stop: () => {
      stopped = true;
    },
    done,
  };
}
