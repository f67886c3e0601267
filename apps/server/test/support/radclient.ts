import { spawn, spawnSync } from 'node:child_process';

/** Whether Debian's radclient (freeradius-utils) is on this machine. */
export const hasRadclient = spawnSync('radclient', ['-v']).error === undefined;

export interface RadclientResult {
  /** The cabinet sent its Accounting-Response. */
  answered: boolean;
  output: string;
}

/**
 * One Accounting-Request through the real radclient, attributes by their dictionary names
 * (3GPP-IMSI, Acct-Status-Type, …). `retries` is how many times it is sent in all, a second apart,
 * until answered — three by default, as radclient and a NAS do: on a loaded machine the first answer
 * of a cold cabinet can take over a second; `count` sends it that many times over (a retransmission).
 */
export function radclient(
  address: { host?: string; port: number },
  secret: string,
  attributes: Record<string, string | number>,
  options: { retries?: number; count?: number } = {},
): Promise<RadclientResult> {
  const lines = Object.entries(attributes).map(([name, value]) => `${name} = ${typeof value === 'number' ? value : `"${value}"`}`);
  const target = `${address.host ?? '127.0.0.1'}:${address.port}`;
  const args = ['-x', '-r', String(options.retries ?? 3), '-t', '1', '-c', String(options.count ?? 1), target, 'acct', secret];
  return new Promise((resolve, reject) => {
    const child = spawn('radclient', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ answered: code === 0 && output.includes('Accounting-Response'), output });
    });
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}
