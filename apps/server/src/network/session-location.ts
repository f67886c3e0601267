import { NETWORK_COUNTRIES, countryOfCell, countryRuleAgainst, type CountryRuleTerm, type NetworkCountry } from '@cab/contract/sim-rules';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/** What the simulated network knows of a SIM when it decides where it is and what it may do there. */
export interface LocatedSim {
  profile: string;
  roamingMode: string;
  roamingZones: string[];
  /** The serving cell of the last tick, `MCC-MNC-LAC-CID`. */
  cell: string | null;
}

/**
 * Where a SIM is each tick and whether the network lets it open a session there: roaming decides
 * the country, the country rules (spec §9) refuse TC-profile SIMs their sessions.
 */
export interface SessionLocation {
  /** The MCC of the country the SIM is in this tick. */
  place(sim: LocatedSim, random: () => number): string;
  refuses(sim: LocatedSim, mcc: string, at: Date): boolean;
}

export const HOME_MCC = '250';
/** Chance that a roaming-enabled SIM at home is abroad this tick; one abroad stays with STAY_ABROAD. */
const GO_ABROAD_PROBABILITY = 0.2;
const STAY_ABROAD_PROBABILITY = 0.8;

function allowedCountries(sim: LocatedSim): NetworkCountry[] {
  if (sim.roamingMode === 'worldwide') return NETWORK_COUNTRIES.filter((c) => c.zone !== 'home');
  if (sim.roamingMode === 'zones') return NETWORK_COUNTRIES.filter((c) => c.zone !== 'home' && sim.roamingZones.includes(c.zone));
  return [];
}

export function sessionLocation(rules: readonly CountryRuleTerm[]): SessionLocation {
  return {
    place(sim, random) {
      const allowed = allowedCountries(sim);
      if (allowed.length === 0) return HOME_MCC;
      const current = countryOfCell(sim.cell);
      if (current && current.zone !== 'home' && allowed.includes(current) && random() < STAY_ABROAD_PROBABILITY) return current.mcc;
      if (random() >= GO_ABROAD_PROBABILITY) return HOME_MCC;
      return allowed[Math.floor(random() * allowed.length)]?.mcc ?? HOME_MCC;
    },
    refuses(sim, mcc, at) {
      return countryRuleAgainst(rules, sim.profile, countryOfCell(`${mcc}-`)?.code, at) !== undefined;
    },
  };
}

/** The country rules in force, read once per tick. */
export async function loadSessionLocation(db: Executor): Promise<SessionLocation> {
  const rules = await queryRows<{ country: string; from: string }>(db, sql`select country, from_date::text as "from" from country_rules`);
  return sessionLocation(rules);
}
