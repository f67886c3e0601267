import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The product as `npm start` runs it: the build, never the sources. */
export const SERVER_MAIN = process.env.SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BuiltServer {
  address: string;
  child: ChildProcess;
  /** What it printed so far (the last 200 chunks). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist/main.js, every role) as its own process on 127.0.0.1 and a
 * free port (or the one given), with `env` on top of PATH; resolves once it says it is running. Needs
 * `npm run build`. The benches and the browser flow of the real network (e2e) start the product so.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number; readyWhen?: RegExp } = {},
): Promise<BuiltServer> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 120_000;
  // SERVER_NODE_ARGS profiles the product, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  const ready = options.readyWhen ?? /SIM cabinet is running at/;
  while (!ready.test(output.join(''))) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output.join('')}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address: `http://127.0.0.1:${port}`,
    child,
    output: () => output.join(''),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
