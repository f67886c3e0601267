import type { FormatterModule } from 'i18next';
import { formatCount } from './format-count';

/** Placeholders holding identifiers and codes, not quantities: a version 250314 or operation #1234 is not grouped. */
const VERBATIM_KEYS = new Set(['id', 'qid', 'number', 'code', 'version', 'build', 'phone', 'iccid', 'step', 'year']);

/**
 * Numbers put into texts ("{{count}} SIMs") are written in the text's language: 4 000 in Russian,
 * 4,000 in English. Without it i18next prints them bare (4000) beside formatted ones on the same page.
 * Needs `interpolation.alwaysFormat`; plural forms still come from the raw count.
 */
export const numberInterpolation: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format, lng, options): string => {
    const key = typeof options?.interpolationkey === 'string' ? options.interpolationkey : '';
    // Anything else goes back untouched: i18next itself handles strings, and a missing value (undefined).
    if (typeof value !== 'number' || !lng || VERBATIM_KEYS.has(key)) return value as string;
    return formatCount(value, lng);
  },
};
