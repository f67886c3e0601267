import { luhnDigit } from '@cab/contract/luhn';
import { NETWORK_COUNTRIES } from '@cab/contract/sim-rules';
import type { Db } from '../db/client.js';
import { findActiveSims, simIdRange, upsertNetworkStates, type ActiveSimRow, type NetworkStateWrite } from './activity-repository.js';
import type { NetworkEvent, UsageDirection, UsageEvent } from './events.js';
import { HOME_MCC, type SessionLocation } from './session-location.js';
import { callCostCents, dataCostCents, HOME_COUNTRY, smsCostCents } from './rating.js';

export interface ActivityOptions {
  now: Date;
  /** How many SIMs may act in this tick; capped at MAX_ACTIVITY_SIMS. */
  maxSims: number;
  random: () => number;
  /** Only this company's SIMs (root's usage burst on Tools). */
  companyId?: number;
  /** Roaming and country rules; without it every SIM stays at home and may open sessions. */
  location?: SessionLocation;
}

/** Upper bound of one tick, so a schedule over a million SIMs stays a bounded amount of work. */
export const MAX_ACTIVITY_SIMS = 2000;
export const RATS = ['2G', '3G', '4G', 'NB-IoT', 'LTE-M'] as const;

const GO_ONLINE_PROBABILITY = 0.6;
const GO_OFFLINE_PROBABILITY = 0.15;
const CELL_CHANGE_PROBABILITY = 0.2;
const SMS_PROBABILITY = 0.2;
const CALL_PROBABILITY = 0.05;
const MAX_SESSION_BYTES = 5_000_000;
/** Candidates drawn per wanted SIM: some ids are gaps or blocked SIMs. */
const OVERSAMPLE = 2;

/** Networks the simulated SIMs attach to: MCC-MNC and country (three at home, one per country abroad). */
export const SERVING_NETWORKS: readonly ServingNetwork[] = NETWORK_COUNTRIES.flatMap((c) =>
  c.code === HOME_COUNTRY ? ['01', '02', '99'].map((mnc) => ({ operator: `${c.mcc}-${mnc}`, country: c.code })) : [{ operator: `${c.mcc}-01`, country: c.code }],
);
export interface ServingNetwork {
  operator: string;
  country: string;
}

/**
 * The operator a SIM's activity of this tick happens on, in the country the session location chose
 * (roaming and country rules decide that): a SIM stays with its operator unless it moves.
 */
export function servingNetwork(sim: Pick<ActiveSimRow, 'cell'>, mcc: string, random: () => number): ServingNetwork {
  const candidates = SERVING_NETWORKS.filter((n) => n.operator.startsWith(`${mcc}-`));
  const current = candidates.find((n) => sim.cell?.startsWith(`${n.operator}-`));
  if (current && random() >= CELL_CHANGE_PROBABILITY) return current;
  return candidates.length > 0 ? pick(candidates, random) : { operator: `${mcc}-01`, country: HOME_COUNTRY };
}

const SMS_TEXTS = ['STATUS OK', 'GPS 55.7558,37.6173', 'BATTERY LOW 12%', 'REBOOT', 'DOOR OPEN', 'TEMP 4.5C', 'APN SET OK'];

/**
 * One tick of simulated traffic: picks up to maxSims random unblocked SIMs, moves them on- or
 * offline, writes their new network state and returns the usage they produced, plus an
 * msu_block for every SIM whose month-to-date spend passes its MSU cap.
 */
export async function generateActivity(db: Db, options: ActivityOptions): Promise<NetworkEvent[]> {
  const wanted = Math.min(Math.max(0, Math.floor(options.maxSims)), MAX_ACTIVITY_SIMS);
  if (wanted === 0) return [];
  const candidates = await sampleSimIds(db, wanted * OVERSAMPLE, options.random, options.companyId);
  if (candidates.length === 0) return [];
  const order = new Map(candidates.map((id, index) => [id, index]));
  const sims = (await findActiveSims(db, candidates, options.companyId))
    .sort((a, b) => (order.get(a.simId) ?? 0) - (order.get(b.simId) ?? 0))
    .slice(0, wanted);

  const events: NetworkEvent[] = [];
  const states: NetworkStateWrite[] = [];
  for (const sim of sims) {
    const tick = simulateSim(sim, options.now, options.random, options.location);
    events.push(...tick.events);
    states.push(tick.state);
  }
  await upsertNetworkStates(db, states, options.now);
  return events;
}

/**
 * Random SIM ids drawn uniformly over the id range: a couple of index lookups per SIM instead of
 * scanning or sorting the whole table. Small ranges are shuffled whole.
 */
async function sampleSimIds(db: Db, count: number, random: () => number, companyId?: number): Promise<number[]> {
  const range = await simIdRange(db, companyId);
  if (!range) return [];
  const size = range.max - range.min + 1;
  if (size <= count) {
    const all = Array.from({ length: size }, (_, k) => range.min + k);
    return shuffle(all, random);
  }
  const picked = new Set<number>();
  // Bounded: even with many repeats the loop ends; collisions only shrink the sample a little.
  for (let attempt = 0; attempt < count * 3 && picked.size < count; attempt++) {
    picked.add(range.min + Math.floor(random() * size));
  }
  return [...picked];
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function simulateSim(
  sim: ActiveSimRow,
  now: Date,
  random: () => number,
  location?: SessionLocation,
): { state: NetworkStateWrite; events: NetworkEvent[] } {
  const online = sim.online ? random() >= GO_OFFLINE_PROBABILITY : random() < GO_ONLINE_PROBABILITY;
  if (!online) {
    return { state: { ...stateOf(sim), online: false, sessionStartedAt: null }, events: [] };
  }
  const mcc = location?.place(sim, random) ?? HOME_MCC;
  const movedCountry = !sim.cell?.startsWith(`${mcc}-`);
  if (location?.refuses(sim, mcc, now)) {
    // Seen in the country, but the network refuses it a session there (spec §9 country rules).
    const cell = movedCountry ? randomCell(random, mcc) : sim.cell;
    return { state: { ...stateOf(sim), online: false, sessionStartedAt: null, lastSeenAt: now, cell }, events: [] };
  }
  const freshSession = !sim.online;
  const network = servingNetwork(sim, mcc, random);
  const sameOperator = sim.cell?.startsWith(`${network.operator}-`) ?? false;
  const state: NetworkStateWrite = {
    ...stateOf(sim),
    online: true,
    lastSeenAt: now,
    imei: sim.imei ?? randomImei(random),
    cell: !sameOperator || sim.cell === null || freshSession || random() < CELL_CHANGE_PROBABILITY ? randomCell(random, network.operator) : sim.cell,
    rat: sim.rat === null || freshSession ? pick(RATS, random) : sim.rat,
    sessionStartedAt: freshSession || sim.sessionStartedAt === null ? now : sim.sessionStartedAt,
  };
  const usage = usageOf({ ...sim, rat: state.rat, imei: state.imei }, network, now, random);
  const events: NetworkEvent[] = [...usage];
  const spendCents = sim.monthSpendCents + usage.reduce((sum, event) => sum + event.costCents, 0);
  if (sim.msuCents !== null && spendCents > sim.msuCents) {
    events.push({ type: 'msu_block', companyId: sim.companyId, simId: sim.simId, at: now, spendCents, msuCents: sim.msuCents });
    // The network cuts the SIM off the moment it blocks it.
    return { state: { ...state, online: false, sessionStartedAt: null }, events };
  }
  return { state, events };
}

function usageOf(sim: ActiveSimRow, network: ServingNetwork, at: Date, random: () => number): UsageEvent[] {
  const base = { companyId: sim.companyId, simId: sim.simId, operator: network.operator, country: network.country };
  const tick = Math.floor(at.getTime() / 1000);
  // The session closed now (operators report a session when it ends) after 10 s to 1 h.
  const duration = 10 + Math.floor(random() * 3590);
  const bytes = 1000 + Math.floor(random() * MAX_SESSION_BYTES);
  const bytesUp = Math.floor(bytes * (0.1 + random() * 0.3));
  const events: UsageEvent[] = [
    {
      ...base,
      type: 'data',
      key: `${sim.simId}:${tick}:d`,
      at: new Date((tick - duration) * 1000),
      endedAt: new Date(tick * 1000),
      bytes,
      bytesUp,
      bytesDown: bytes - bytesUp,
      rat: sim.rat ?? pick(RATS, random),
      costCents: dataCostCents(bytes, network.country),
      imei: sim.imei,
    },
  ];
  if (random() < SMS_PROBABILITY) {
    const direction = randomDirection(random);
    events.push({
      ...base,
      type: 'sms',
      key: `${sim.simId}:${tick}:s`,
      at: new Date((tick - Math.floor(random() * 60)) * 1000),
      direction,
      peer: randomPeer(random),
      text: pick(SMS_TEXTS, random),
      costCents: smsCostCents(direction, network.country),
    });
  }
  if (random() < CALL_PROBABILITY) {
    const seconds = 5 + Math.floor(random() * 296);
    const direction = randomDirection(random);
    events.push({
      ...base,
      type: 'call',
      key: `${sim.simId}:${tick}:c`,
      at: new Date((tick - seconds) * 1000),
      direction,
      peer: randomPeer(random),
      seconds,
      costCents: callCostCents(seconds, direction, network.country),
    });
  }
  return events;
}

function stateOf(sim: ActiveSimRow): NetworkStateWrite {
  const { companyId, simId, online, lastSeenAt, imei, cell, rat, sessionStartedAt } = sim;
  return { companyId, simId, online, lastSeenAt, imei, cell, rat, sessionStartedAt };
}

const randomDirection = (random: () => number): UsageDirection => (random() < 0.5 ? 'in' : 'out');

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const digits = (count: number, random: () => number): string => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/** 14 digits (TAC + serial) and a Luhn check digit, as a real IMEI has. */
export function randomImei(random: () => number): string {
  const body = digits(14, random);
  return body + String(luhnDigit(body));
}

/** MCC-MNC-LAC-CellId, as operators report a serving cell. */
const randomCell = (random: () => number, operator = '250-01'): string =>
  `${operator}-${1 + Math.floor(random() * 65_000)}-${1 + Math.floor(random() * 268_000_000)}`;

/** A peer number in international format: mostly Russian mobiles, some foreign ones. */
function randomPeer(random: () => number): string {
  const prefix = pick(['79', '79', '79', '77', '49', '358'], random);
  return prefix + digits(12 - prefix.length + 1, random);
}
