import { luhnDigit } from '@cab/contract/luhn';

/*
 * Pure readings of RADIUS accounting attributes (RFC 2866, RFC 2869, 3GPP TS 29.061 §16.4.7).
 */

const GIGAWORD = 2 ** 32;

/**
 * A byte counter from its -Octets (the low 32 bits) and -Gigawords (how many times they wrapped,
 * RFC 2869 §5.1). Acct-Input counts what the NAS received from the subscriber (RFC 2866 §5.3), so
 * input is the SIM's upload and output its download.
 */
export function octetsWithGigawords(octets: number | undefined, gigawords: number | undefined): number {
  return (gigawords ?? 0) * GIGAWORD + (octets ?? 0);
}

/**
 * The IMEI inside an IMEISV: its first 14 digits (TAC + serial number) with their Luhn check digit;
 * the last two digits of the 16 are the software version, which an IMEI does not carry.
 */
export function imeiFromImeisv(imeisv: string | undefined): string | null {
  if (!imeisv) return null;
  const digits = imeisv.trim();
  if (!/^\d{14,16}$/.test(digits)) return null;
  const body = digits.slice(0, 14);
  return body + String(luhnDigit(body));
}

/** 3GPP-SGSN-MCC-MNC ("25001", 5 or 6 digits) as the cabinet writes an operator: "250-01". */
export function operatorFromMccMnc(value: string | undefined): string | null {
  if (!value) return null;
  const digits = value.trim().replace('-', '');
  if (!/^\d{5,6}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * 3GPP-RAT-Type (TS 29.061, values of TS 29.274 §8.17) as the labels the cabinet uses (2G, 3G, 4G,
 * NB-IoT, LTE-M); a type it has no label for (WLAN, virtual, 5G NR…) is left unknown.
 */
const RAT_LABELS: Readonly<Record<number, string>> = {
  1: '3G', // UTRAN
  2: '2G', // GERAN
  5: '3G', // HSPA Evolution
  6: '4G', // EUTRAN (WB-E-UTRAN)
  8: 'NB-IoT', // EUTRAN-NB-IoT
  9: 'LTE-M',
};

export function ratLabel(ratType: number | undefined): string | null {
  return ratType === undefined ? null : (RAT_LABELS[ratType] ?? null);
}

/** Calling-Station-Id as a cabinet MSISDN: its digits only ("+7 900 …" → "7900…"). */
export function msisdnFromCallingStation(value: string | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s+\-()]/g, '');
  return /^\d{5,15}$/.test(digits) ? digits : null;
}

/** 3GPP-IMSI: 6 to 15 digits (MCC + MNC + MSIN). */
export function imsiOf(value: string | undefined): string | null {
  if (!value) return null;
  const digits = value.trim();
  return /^\d{6,15}$/.test(digits) ? digits : null;
}
