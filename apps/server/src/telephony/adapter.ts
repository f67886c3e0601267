import type { PhoneCallDirection } from '@cab/contract/registration';

/**
 * The telephony provider as domain code sees it (spec §4: phone confirmation by a call). The simulator
 * implements it by default; a real flash-call provider would implement the same call over its HTTP API.
 */
export interface TelephonyAdapter {
  /**
   * outgoing: rings `phone` from a number whose last 4 digits are the code.
   * incoming: reserves a number for `phone` to dial; its last 4 digits are the code.
   * Answers that number; the caller keeps only a hash of its last 4 digits.
   */
  placeConfirmationCall(call: { phone: string; direction: PhoneCallDirection }): Promise<{ number: string }>;
}
