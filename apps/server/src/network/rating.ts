import { countryByMcc } from '@cab/contract/sim-rules';

/*
 * The cabinet's own rating: what a data session, an SMS and a call cost. An HLR, a NAS and an SMSC
 * rate nothing, so the same prices apply under every network adapter — to the simulator's usage and
 * to the sessions RADIUS accounting reports. Usage abroad costs ROAMING_FACTOR times the home price
 * (incoming SMS are free, incoming calls cost the home price).
 */

export const HOME_COUNTRY = 'RU';
/** ISO 3166's "unknown": a serving network whose MCC the cabinet does not know; priced as home. */
export const UNKNOWN_COUNTRY = 'ZZ';

const DATA_CENTS_PER_MB = 5;
const SMS_OUT_CENTS = 3;
const CALL_CENTS_PER_MINUTE = 8;
const ROAMING_FACTOR = 3;

const roamingFactor = (country: string) => (country === HOME_COUNTRY || country === UNKNOWN_COUNTRY ? 1 : ROAMING_FACTOR);

/** The serving network's country, from the MCC of its "MCC-MNC". */
export function countryOfOperator(operator: string | null): string {
  if (!operator) return UNKNOWN_COUNTRY;
  return countryByMcc(operator.slice(0, 3))?.code ?? UNKNOWN_COUNTRY;
}

/** Cents for a session's bytes: at least a cent when it moved any byte, nothing when it moved none. */
export function dataCostCents(bytes: number, country: string): number {
  if (bytes <= 0) return 0;
  return Math.max(1, Math.ceil((bytes / 1_048_576) * DATA_CENTS_PER_MB * roamingFactor(country)));
}

export function smsCostCents(direction: 'in' | 'out', country: string): number {
  return direction === 'out' ? SMS_OUT_CENTS * roamingFactor(country) : 0;
}

export function callCostCents(seconds: number, direction: 'in' | 'out', country: string): number {
  return Math.ceil(seconds / 60) * CALL_CENTS_PER_MINUTE * (direction === 'out' ? roamingFactor(country) : 1);
}
