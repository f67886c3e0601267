import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { TelephonyAdapter } from './adapter.js';
import { TelephonySimulator } from './simulator.js';

/** The telephony provider of this deployment; the simulator until a real provider adapter exists. */
export function createTelephonyAdapter(db: Db, log: FastifyBaseLogger): TelephonyAdapter {
  return new TelephonySimulator({ db, log });
}
