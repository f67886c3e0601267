// osmo-hlr over its CTRL interface through the cabinet's client: operations/s one at a time and with
// 20 in flight on one connection, for `ps-enabled` SETs (what a block does) and `info` GETs (ping),
// min / median / max of 3 rounds. Starts a real osmo-hlr (Debian package) in a temp folder; nothing
// else may hold 127.0.0.1:4259.
// Run: npx tsx --conditions=source bench/hlr-ctrl.ts
import { loadavg } from 'node:os';
import { CtrlClient } from '../apps/server/src/network/hlr/ctrl-client.js';
import { HlrSubscribers } from '../apps/server/src/network/hlr/hlr-subscribers.js';
import { HLR_CTRL_HOST, HLR_CTRL_PORT, OsmoHlr, osmoHlrMissingReason } from '../apps/server/test/support/osmo-hlr.js';

const SUBSCRIBERS = 200;
const OPERATIONS = 2000;
const ROUNDS = 3;
const IN_FLIGHT = 20;
const DEADLINE_MS = 120_000;

const missing = osmoHlrMissingReason();
if (missing) {
  console.error(missing);
  process.exit(1);
}

const deadline = Date.now() + DEADLINE_MS;
const hlr = await OsmoHlr.start();
const client = new CtrlClient({ host: HLR_CTRL_HOST, port: HLR_CTRL_PORT, maxInFlight: IN_FLIGHT });
const subscribers = new HlrSubscribers(client);
const imsis = Array.from({ length: SUBSCRIBERS }, (_, i) => `00101${String(9_000_000_000 + i)}`);

/** Runs `operation(0..OPERATIONS-1)` with `lanes` callers each awaiting its own one by one; ops/s. */
async function measure(lanes: number, operation: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < OPERATIONS) {
        if (Date.now() > deadline) throw new Error(`bench exceeded ${DEADLINE_MS} ms`);
        await operation(next++);
      }
    }),
  );
  return OPERATIONS / ((performance.now() - started) / 1000);
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const figure = (v: number | undefined) => Math.round(v ?? 0).toString().padStart(5);
  return `min ${figure(sorted[0])}  median ${figure(sorted[Math.floor(sorted.length / 2)])}  max ${figure(sorted.at(-1))} ops/s`;
}

try {
  await client.connect();
  await Promise.all(imsis.map((imsi) => subscribers.createSubscriber(imsi)));
  const kinds: [string, (i: number) => Promise<unknown>][] = [
    // Each pass over the subscribers flips their access, so every SET changes the HLR's database
    // (osmo-hlr answers a SET to the value it already has without writing).
    ['SET ps-enabled', (i) => subscribers.setPsEnabled(imsis[i % SUBSCRIBERS] as string, Math.floor(i / SUBSCRIBERS) % 2 === 1)],
    ['GET info', (i) => subscribers.info(imsis[i % SUBSCRIBERS] as string)],
  ];
  console.log(
    `osmo-hlr CTRL, ${OPERATIONS} operations per round, ${ROUNDS} rounds, one connection (load: ${loadavg()[0]?.toFixed(1)})`,
  );
  for (const [kind, operation] of kinds) {
    for (const lanes of [1, IN_FLIGHT]) {
      const rates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) rates.push(await measure(lanes, operation));
      console.log(`${kind.padEnd(15)} ${String(lanes).padStart(2)} in flight  ${summary(rates)}`);
    }
  }
} finally {
  await client.close();
  await hlr.dispose();
}
