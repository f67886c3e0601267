import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@cab/contract/constants';
import { AccessClaims } from '@cab/contract/auth';
import { SignJWT, errors, jwtVerify } from 'jose';

export interface AccessSubject {
  userId: number;
  companyId: number;
  role: string;
  sessionId: string;
  impersonatorId?: number | null;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Verified access tokens remembered (a signature check through WebCrypto costs ~0.5 ms of CPU). */
const VERIFIED_MAX = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /** Token → its checked claims, until the token expires: the same string always verifies the same. */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(subject: AccessSubject): Promise<string> {
    return new SignJWT({
      cid: subject.companyId,
      role: subject.role,
      sid: subject.sessionId,
      ...(subject.impersonatorId ? { imp: subject.impersonatorId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return { ok: true, claims: known };
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = AccessClaims.safeParse(payload);
      if (!claims.success) return { ok: false, expired: false };
      if (this.verified.size >= VERIFIED_MAX) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, claims.data);
      return { ok: true, claims: claims.data };
    } catch (error) {
      return { ok: false, expired: error instanceof errors.JWTExpired };
    }
  }
}

/** Opaque refresh tokens: 32 random bytes shown once; only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
