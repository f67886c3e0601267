const formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

/** Dates of the cabinet: en-GB short with hours and minutes (spec §9), from unix seconds. */
export function formatUnixDate(seconds: number): string {
  return formatter.format(new Date(seconds * 1000));
}
