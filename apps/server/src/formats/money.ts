/** Cents (how money is stored, ARCHITECTURE §7) as euros, how the API answers amounts. */
export function centsToEur(cents: number): number {
  return Math.round(cents) / 100;
}
