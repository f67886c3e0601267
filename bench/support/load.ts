import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Load from a process of its own: the client's work never shares the product's (or the bare
 * route's) event loop or is added to both sides' figures.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const AUTOCANNON = path.resolve(here, '../../node_modules/autocannon/autocannon.js');

export interface Request {
  url: string;
  headers?: Record<string, string>;
  body: string;
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
}

/** autocannon's command line in its own process, `connections` callers for `seconds`. */
export async function throughput(request: Request, connections: number, seconds: number): Promise<Throughput> {
  const headers = Object.entries({ 'content-type': 'application/json', ...request.headers }).flatMap(([key, value]) => ['-H', `${key}=${value}`]);
  const output = await run(process.execPath, [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), '-m', 'POST', ...headers, '-b', request.body, request.url]);
  const result = JSON.parse(output) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export interface Latencies {
  /** Milliseconds of each timed call, ascending. */
  ms: number[];
  /** Every distinct `result.total` (+ when not exact) the calls answered. */
  totals: string[];
}

/** `calls` sequential calls (after `warmup` untimed ones) from bench/support/latency-client.mjs. */
/** An untimed POST before each timed call (latency-client.mjs), its bodies taken in turn. */
export interface Between {
  url: string;
  bodies: unknown[];
}

export async function latencies(request: Request, calls: number, warmup: number, between?: Between): Promise<Latencies> {
  const output = await run(process.execPath, [path.join(here, 'latency-client.mjs')], {
    URL: request.url,
    HEADERS: JSON.stringify({ 'content-type': 'application/json', ...request.headers }),
    BODY: request.body,
    CALLS: String(calls),
    WARMUP: String(warmup),
    ...(between ? { BETWEEN_URL: between.url, BETWEEN_BODIES: JSON.stringify(between.bodies) } : {}),
  });
  return JSON.parse(output) as Latencies;
}

/** Runs a command to its end with `env` on top of this process's; resolves with what it printed. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(out) : reject(new Error(`${path.basename(args[0] ?? command)} exited ${status}: ${err.slice(-2000)}`))));
  });
}

/** "min / median / max" of several rounds' figures. */
export function spreadOf(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  return [sorted[0] ?? 0, median, sorted[sorted.length - 1] ?? 0].map((value) => value.toFixed(digits)).join(' / ');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** The machine's load average, printed with every round's figures. */
export function loadLine(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}
