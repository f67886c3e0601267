import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from './wait.js';

/**
 * A real osmo-hlr (Debian package) for tests and benches. Its ports are fixed (CTRL 4259, VTY 4258,
 * GSUP 4222) but not its addresses: each HLR binds its own loopback address, so a server test file and
 * a browser flow can each run one at once. On 127.0.0.1, GSUP moves to 127.0.0.2, because
 * 127.0.0.1:4222 is NATS's on these machines. The database file stays in its folder across
 * stop/start, like a restarted HLR.
 */

export const HLR_CTRL_HOST = '127.0.0.1';
export const HLR_CTRL_PORT = 4259;

function configFor(host: string): string {
  const gsupHost = host === '127.0.0.1' ? '127.0.0.2' : host;
  return `line vty
 bind ${host}
ctrl
 bind ${host}
hlr
 gsup
  bind ip ${gsupHost}
 no subscriber-create-on-demand
`;
}
const OUTPUT_LINES = 200;
/**
 * Its database lives in memory where the machine has it: osmo-hlr flushes SQLite to disk on every
 * write (1,000 subscribers with 3 writes each: 2.7 s on disk, 0.74 s in /dev/shm), and beside the
 * browser shards' disk traffic it fell seconds behind — the flows' reconcile of 5,000 SIMs timed out.
 */
const IN_MEMORY = '/dev/shm';

/** Why a real osmo-hlr cannot run here, or null when it can. */
export function osmoHlrMissingReason(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v osmo-hlr'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? null : 'osmo-hlr is not installed (apt-get install osmo-hlr)';
}

export class OsmoHlr {
  private child: ChildProcess | null = null;
  private exited = true;
  /** The last lines it printed, for a failing test's message. */
  readonly output: string[] = [];

  private constructor(
    readonly dir: string,
    /** The loopback address its CTRL (port 4259) and VTY listen on. */
    readonly host: string,
  ) {}

  /** Writes a config into a new temp folder and starts the HLR there, on `host` (a loopback address). */
  static async start(host: string = HLR_CTRL_HOST): Promise<OsmoHlr> {
    const dir = await mkdtemp(path.join(existsSync(IN_MEMORY) ? IN_MEMORY : tmpdir(), 'osmo-hlr-'));
    await writeFile(path.join(dir, 'hlr.cfg'), configFor(host));
    const hlr = new OsmoHlr(dir, host);
    try {
      await hlr.resume();
    } catch (error) {
      await hlr.dispose();
      throw error;
    }
    return hlr;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Starts the process (again) on the same database; resolves once CTRL accepts connections. */
  async resume(): Promise<void> {
    if (this.running) return;
    if (await portAnswers(this.host, HLR_CTRL_PORT)) {
      throw new Error(`${this.host}:${HLR_CTRL_PORT} is already in use (another osmo-hlr?)`);
    }
    const child = spawn('osmo-hlr', ['-c', path.join(this.dir, 'hlr.cfg'), '-l', path.join(this.dir, 'hlr.db')], {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = false;
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      this.output.splice(0, Math.max(0, this.output.length - OUTPUT_LINES));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      if (this.child === child) this.exited = true;
    });
    // A test run that dies must not leave an HLR holding the fixed ports.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.removeListener('exit', killOnExit));
    await waitFor(
      async () => {
        if (this.exited) throw new Error(`osmo-hlr exited at start: ${this.output.slice(-10).join('\n')}`);
        return portAnswers(this.host, HLR_CTRL_PORT);
      },
      10_000,
      `osmo-hlr's CTRL port ${HLR_CTRL_PORT}`,
    );
  }

  /** Stops it by its pid: SIGTERM, then SIGKILL after 5 s; resolves once CTRL no longer answers. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    child.kill('SIGTERM');
    try {
      await waitFor(() => this.exited, 5000, `osmo-hlr ${child.pid} to exit`);
    } catch {
      child.kill('SIGKILL');
      await waitFor(() => this.exited, 5000, `osmo-hlr ${child.pid} to die`);
    }
    await waitFor(async () => !(await portAnswers(this.host, HLR_CTRL_PORT)), 5000, `port ${HLR_CTRL_PORT} to close`);
  }

  /** Stops it and removes its temp folder. */
  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
