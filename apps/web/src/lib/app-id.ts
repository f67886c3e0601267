const APP_ID_KEY = 'x-app-id';

/** Per-session (per-tab) id the server tags events with, so a tab is not told about its own action twice. */
export function getAppId(): string {
  const existing = sessionStorage.getItem(APP_ID_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  sessionStorage.setItem(APP_ID_KEY, created);
  return created;
}
