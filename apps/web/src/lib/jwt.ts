/** Reads the `exp` claim of a JWT without verifying it (the server verifies; we only avoid sending stale tokens). */
export function readJwtExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json: unknown = JSON.parse(atob(base64));
    if (typeof json !== 'object' || json === null || !('exp' in json)) return null;
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** A token is usable when it carries an expiry claim in the future (spec §5). */
export function isTokenFresh(token: string | null, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const exp = readJwtExp(token);
  return exp !== null && exp * 1000 > nowMs;
}
