import { SMS_MAX_LENGTH } from '@cab/contract/constants';

/**
 * How a text goes out in submit_sm: the GSM 03.38 default alphabet (data_coding 0) when every
 * character is in it, else UCS-2 (data_coding 8) — Cyrillic always is. The cabinet caps a text at
 * SMS_MAX_LENGTH (70) characters, what one UCS-2 message holds, so a message is never split.
 */
export const DATA_CODING_DEFAULT = 0;
export const DATA_CODING_UCS2 = 8;

/** The GSM 03.38 basic character set (the escape 0x1B left out: it is no character of a text). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each of these takes an escape and a septet. */
const GSM7_EXTENDED = '\f^{}\\[~]|€';

const GSM7 = new Set([...GSM7_BASIC, ...GSM7_EXTENDED]);

export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7.has(char)) return false;
  return true;
}

export function dataCodingFor(text: string): number {
  return isGsm7(text) ? DATA_CODING_DEFAULT : DATA_CODING_UCS2;
}

/** Why a text cannot go at all (the same reasons the simulator gives), or null. */
export function textRejection(text: string | undefined): 'sms_empty' | 'sms_too_long' | null {
  const length = text?.length ?? 0;
  if (length === 0) return 'sms_empty';
  if (length > SMS_MAX_LENGTH) return 'sms_too_long';
  return null;
}

/** SMPP TON/NPI of an address: digits are an international ISDN number, anything else an alphanumeric sender. */
export function addressType(address: string): { ton: number; npi: number } {
  if (address === '') return { ton: 0, npi: 0 };
  return /^\+?\d+$/.test(address) ? { ton: 1, npi: 1 } : { ton: 5, npi: 0 };
}

/** A number as SMPP carries it: digits only, no leading plus. */
export function bareNumber(address: string): string {
  return address.replace(/^\+/, '');
}
