import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: string[];
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `src/main.ts` as a real process, as production does (`node --import tsx`). */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = { child, port, output: [], exit: null };
  child.stdout?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.on('exit', (code, signal) => {
    proc.exit = { code, signal };
  });
  return proc;
}

/** Resolves once the process answers its OpenAPI document; fails early if it exits. */
export async function waitUntilServing(proc: ServerProcess, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    async () => {
      if (proc.exit)
        throw new Error(`server on ${proc.port} exited (${JSON.stringify(proc.exit)}): ${proc.output.join('')}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${proc.port}/api/openapi.json`);
        // Read to the end: an unread answer keeps its connection busy and the server's shutdown waiting.
        await answer.arrayBuffer();
        return answer.status === 200;
      } catch {
        return false;
      }
    },
    timeoutMs,
    `the server on port ${proc.port}`,
  );
}

/**
 * SIGTERM, then SIGKILL after 26 s — past the server's own 25 s shutdown deadline, so a slow but clean
 * shutdown on a loaded machine (the job queue waits up to 8 s for running jobs) is not taken for a hang.
 */
export async function stopServer(proc: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (!proc.exit) {
    proc.child.kill('SIGTERM');
    try {
      await waitFor(() => proc.exit !== null, 26_000, `process ${proc.child.pid} to exit`);
    } catch {
      proc.child.kill('SIGKILL');
      await waitFor(() => proc.exit !== null, 5000, `process ${proc.child.pid} to die`);
    }
  }
  const exit = proc.exit ?? { code: null, signal: null };
  // A process that did not end cleanly names its cause in its last words: show them with the failure.
  if (exit.code !== 0) console.error(`--- process on ${proc.port} exit ${JSON.stringify(exit)}, its last output:\n${proc.output.join('').slice(-4000)}`);
  return exit;
}
