import { randomInt } from 'node:crypto';
import type { PhoneCallDirection } from '@cab/contract/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.js';
import { telephonySimulatorCalls } from '../db/schema-accounts.js';
import type { TelephonyAdapter } from './adapter.js';

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

/**
 * Rings nobody: records each call in telephony_simulator_calls (root reads it on the Tools page) and
 * logs it, so a demo operator can see the digits a real phone would have shown.
 */
export class TelephonySimulator implements TelephonyAdapter {
  constructor(private readonly deps: { db: Executor; log: FastifyBaseLogger }) {}

  async placeConfirmationCall(call: { phone: string; direction: PhoneCallDirection }): Promise<{ number: string }> {
    // A Moscow-style number from the simulator's pool; the last 4 digits are random and make the code.
    const number = `+7495${digits(3)}${digits(4)}`;
    await this.deps.db.insert(telephonySimulatorCalls).values({ phone: call.phone, direction: call.direction, number });
    this.deps.log.info({ phone: call.phone, direction: call.direction, number, code: number.slice(-4) }, 'telephony simulator call');
    return { number };
  }
}
