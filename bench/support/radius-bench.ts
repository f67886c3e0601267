// What the RADIUS benches share: the built product with RADIUS accounting on a loopback port, the
// sender process of one round (support/radius-sender.ts), and min / median / max over rounds.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from './built-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the sender process measured in one round. */
export interface RoundFigures {
  sent: number;
  answered: number;
  retransmitted: number;
  /** Given up after the last retry. */
  lost: number;
  seconds: number;
  offeredRate: number;
  packetsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  p99Stop: number;
}

/** The built server (every role) on DATABASE_URL with RADIUS on a free loopback port; resolves with that port once it listens. */
export async function startRadiusServer(databaseUrl: string, secret: string, env: Record<string, string> = {}): Promise<{ port: number; stop(): Promise<void> }> {
  const radiusListening = /RADIUS accounting on [^\s]+:(\d+)/;
  const server = await startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      NETWORK_ACTIVITY_SIMS: '0',
      BILLING_CRON: 'off',
      RADIUS_ACCT_ADDR: '127.0.0.1:0',
      RADIUS_SECRET: secret,
      SIM_KEYS_SECRET: 'bench-sim-keys-secret-of-at-least-32-characters',
      ...env,
    },
    { readyWhen: radiusListening },
  );
  return { port: Number(radiusListening.exec(server.output())?.[1]), stop: () => server.stop() };
}

/** One round's load from the sender process (env as radius-sender.ts reads it); its JSON line is the round's figures. */
export async function runRadiusSender(env: Record<string, string>): Promise<RoundFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'radius-sender.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`the sender failed (${code}): ${output}`);
  return JSON.parse(line) as RoundFigures;
}

/** "min / median / max" of one figure over the rounds. */
export function spread<T>(rounds: T[], figure: (round: T) => number): string {
  const values = rounds.map(figure).sort((a, b) => a - b);
  return `${values[0]} / ${values[Math.floor(values.length / 2)]} / ${values[values.length - 1]}`;
}
