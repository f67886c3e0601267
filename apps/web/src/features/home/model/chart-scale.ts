/**
 * The home chart's axis top when one day (today's spike, a bulk test) would flatten the others.
 *
 * Chosen over a log or square-root axis: people read a bar's height as its amount, and on a log axis
 * a bar twice as tall is ten times the traffic (and a day without traffic has no place at all). So the
 * axis stays linear for the ordinary days, is capped a little above them, and a day beyond the cap is
 * drawn to the top, marked, and its real value written on it (and in the tooltip).
 */

/** A day counts as ordinary up to this percentile of the days with any value. */
const ORDINARY_PERCENTILE = 0.9;
/** The axis is capped only when the largest day is more than this many times an ordinary one. */
const SPIKE_FACTOR = 4;
/** The cap leaves this much room above the ordinary days. */
const HEADROOM = 1.5;

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value`: the top tick reads as a round number. */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value * (1 - 1e-9)) ?? 10;
  return step * magnitude;
}

/** The axis maximum to use, or null when no day stands out (the chart then scales itself). */
export function cappedAxisMax(values: readonly number[]): number | null {
  const positive = values.filter((v) => v > 0).sort((a, b) => a - b);
  if (positive.length < 4) return null;
  const ordinary = positive[Math.floor((positive.length - 1) * ORDINARY_PERCENTILE)] ?? 0;
  const largest = positive[positive.length - 1] ?? 0;
  if (ordinary <= 0 || largest <= ordinary * SPIKE_FACTOR) return null;
  return niceCeil(ordinary * HEADROOM);
}

/** Indexes of the values beyond a cap (none without one). */
export function beyondCap(values: readonly number[], cap: number | null): number[] {
  if (cap === null) return [];
  return values.flatMap((v, i) => (v > cap ? [i] : []));
}
