/** Luhn check digit of a digit string, as ICCIDs (ITU-T E.118) and IMEIs (3GPP TS 23.003) carry. */
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

/** An IMEI as a user types it: 15 digits, 14 (TAC and serial number) and the check digit. */
export const IMEI_PATTERN = /^\d{15}$/;

/** Whether a 15-digit IMEI ends in its check digit: a typo in one digit fails it. */
export function imeiCheckDigitOk(imei: string): boolean {
  return IMEI_PATTERN.test(imei) && luhnDigit(imei.slice(0, 14)) === Number(imei[14]);
}
