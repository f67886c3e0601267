function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given expiry (seconds from now); the client only reads `exp`. */
export function makeJwt(expiresInSeconds: number, nowMs: number = Date.now()): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: '1', exp: Math.floor(nowMs / 1000) + expiresInSeconds }));
  return `${header}.${payload}.signature`;
}
