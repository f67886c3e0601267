import { operatorName } from '@cab/contract/network-operators';
import type { SimEvent } from '@cab/contract/sim-events';
import { formatDecimal } from '@/lib/format-count';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Details the log writes and how each reads; anything else (an internal id) is not shown. */
const SHOWN = ['operator', 'country', 'previous_operator', 'previous_country', 'imei', 'previous_imei', 'locked_imei', 'rat', 'peer', 'status', 'reason', 'limit_mb', 'used_mb'] as const;
const MB = 1_048_576;

const OPERATOR_KEYS: ReadonlySet<string> = new Set(['operator', 'previous_operator']);

/**
 * One line of an event's details in the reader's language: the block type by its name, traffic in
 * MB with the language's decimal sign, an operator by its name where it is known, the other values
 * under their localized names. Pure, so it is tested without a screen.
 */
export function describeEventDetails(event: SimEvent, t: Translate, lang: string): string {
  const parts: string[] = [];
  const details = event.details;
  if (typeof details.block_type === 'string') parts.push(t('simEvents.detail.block_type', { value: t(`sims.blockTypes.${details.block_type}`) }));
  if (typeof details.bytes_up === 'number' && typeof details.bytes_down === 'number') {
    parts.push(t('simEvents.detail.traffic', { up: formatDecimal(details.bytes_up / MB, lang, 2), down: formatDecimal(details.bytes_down / MB, lang, 2) }));
  }
  for (const key of SHOWN) {
    const value = details[key];
    if (value === null || value === undefined || value === '') continue;
    const shown = OPERATOR_KEYS.has(key) ? (operatorName(String(value)) ?? String(value)) : String(value);
    parts.push(t(`simEvents.detail.${key}`, { value: shown }));
  }
  return parts.join(', ');
}
