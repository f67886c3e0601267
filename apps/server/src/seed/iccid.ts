import { luhnDigit } from '@cab/contract/luhn';

/** A 20-digit ICCID: 89 (telecom) + 7 (country) + issuer 01 + serial, then the Luhn digit. */
export function makeIccid(serial: number): string {
  const body = `89701${String(serial).padStart(14, '0')}`;
  return body + String(luhnDigit(body));
}

export function isValidIccid(iccid: string): boolean {
  return /^\d{19,20}$/.test(iccid) && luhnDigit(iccid.slice(0, -1)) === Number(iccid.at(-1));
}
