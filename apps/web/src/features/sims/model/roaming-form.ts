import { ROAMING_ZONES, type RoamingMode, type RoamingZone } from '@cab/contract/sim-rules';

export interface RoamingFormValue {
  mode: RoamingMode;
  zones: RoamingZone[];
}

/** What the form sends: zones only with mode `zones`, in the contract's order. */
export function roamingRequestOf(value: RoamingFormValue): RoamingFormValue {
  if (value.mode !== 'zones') return { mode: value.mode, zones: [] };
  return { mode: 'zones', zones: ROAMING_ZONES.filter((zone) => value.zones.includes(zone)) };
}

/** The form can be sent: zones need at least one zone. */
export function roamingFormValid(value: RoamingFormValue): boolean {
  return value.mode !== 'zones' || value.zones.length > 0;
}
