/** Luhn check digit of a digit string, as ICCIDs carry (ITU-T E.118). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 20-digit ICCID: 89 (telecom) + 7 (country) + issuer 01 + serial, then the Luhn digit. */
export function makeIccid(serial: number): string {
  const body = `89701${String(serial).padStart(14, '0')}`;
  return body + String(luhnDigit(body));
}

export function isValidIccid(iccid: string): boolean {
  return /^\d{19,20}$/.test(iccid) && luhnDigit(iccid.slice(0, -1)) === Number(iccid.at(-1));
}
