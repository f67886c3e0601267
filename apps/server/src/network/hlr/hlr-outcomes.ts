import { HlrCtrlError } from './ctrl-types.js';

/** Prefix of a SIM's failure reason that carries the HLR's own ERROR text after it. */
export const HLR_ERROR_PREFIX = 'hlr_error ';

/**
 * A SIM's failure reason for an error on its way to the HLR: the HLR's own ERROR text
 * ("hlr_error No such subscriber."), `hlr_unreachable` when the connection is down, slow or closed,
 * or a plain code the adapter threw on purpose (sim_offline).
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof HlrCtrlError)) return 'hlr_unreachable';
  if (error.kind === 'hlr') return /^[a-z_]+$/.test(error.message) ? error.message : `${HLR_ERROR_PREFIX}${error.message}`;
  if (error.kind === 'invalid') return 'hlr_invalid_request';
  return 'hlr_unreachable';
}

/** The HLR's refusal (as opposed to no answer at all). */
export function isHlrRefusal(error: unknown): error is HlrCtrlError {
  return error instanceof HlrCtrlError && error.kind === 'hlr';
}

/** Maps items with at most `limit` calls running at once; results in input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
