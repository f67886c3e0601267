import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals short secrets at rest (SIM keys, NAS shared secrets) with AES-256-GCM. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; opening one that was altered or sealed under another
 * secret throws, so a wrong SIM_KEYS_SECRET can never hand out garbage keys.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSealer(secret: string): Sealer {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
