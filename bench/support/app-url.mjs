// Where the browser benches find the built cabinet: APP_URL, or the port the README's bench
// command starts it on.
export const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:3107').replace(/\/$/, '');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const BENCH_EMAIL = process.env.BENCH_EMAIL ?? 'admin@bench.local';
export const BENCH_PASSWORD = process.env.BENCH_PASSWORD ?? 'bench-password';

/** Signs in through the API and answers the cookies the web client keeps (lib/auth-storage.ts). */
export async function signInCookies() {
  const res = await fetch(`${APP_URL}/api/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${BENCH_EMAIL}: ${res.status} ${await res.text()}`);
  const { result } = await res.json();
  return { token: result.token, refresh_token: result.refresh_token, id: String(result.id) };
}
