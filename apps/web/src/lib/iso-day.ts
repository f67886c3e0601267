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
