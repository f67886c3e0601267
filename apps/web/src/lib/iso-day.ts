/** A YYYY-MM-DD day (how the API and the URL carry days) as a local Date for a picker, or null. */
export function isoDayToDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** A picker's local Date back as YYYY-MM-DD, or null when cleared. */
export function dateToIsoDay(value: Date | null | undefined): string | null {
  if (!value) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** What is wrong with a range of whole days before it is asked: an end before the start, or too long. */
export function dayRangeProblem(from: string | null, to: string | null, maxDays: number): 'range_order' | 'range_long' | null {
  if (!from || !to) return null;
  if (from > to) return 'range_order';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > maxDays ? 'range_long' : null;
}
