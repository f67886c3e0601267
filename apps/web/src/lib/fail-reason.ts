import type { TFunction } from 'i18next';

/** A reason that carries the HLR's own ERROR text after it (server: network/hlr/hlr-outcomes.ts). */
const HLR_ERROR_PREFIX = 'hlr_error ';

/**
 * The words for why an operation failed for a SIM: its code's label (operations or SMS), the HLR's own
 * text inside a sentence for `hlr_error …`, else the code itself.
 */
export function failReasonLabel(t: TFunction, code: string): string {
  if (code.startsWith(HLR_ERROR_PREFIX)) return t('operations.failReason.hlr_error', { text: code.slice(HLR_ERROR_PREFIX.length) });
  return t([`operations.failReason.${code}`, `smsMessages.failReason.${code}`], { defaultValue: code });
}
