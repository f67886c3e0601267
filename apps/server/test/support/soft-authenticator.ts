import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for API tests: what a browser and a platform authenticator hand
 * the server, made by hand — 'none' attestation, an ES256 key, the authenticator data with its flags
 * and counter, and the client data with the challenge and origin. A browser flow uses Chromium's
 * virtual authenticator instead (e2e).
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The CBOR subset WebAuthn's attestation object needs: integers, text, byte strings and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  key: KeyObject;
  publicCose: Buffer;
  counter: number;
}

export interface SoftAuthenticatorOptions {
  /** Whether it verifies its user (PIN, biometrics): the UV flag. */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly userVerified: boolean;

  constructor(
    private readonly origin: string,
    options: SoftAuthenticatorOptions = {},
  ) {
    this.userVerified = options.userVerified ?? true;
  }

  private get rpIdHash(): Buffer {
    return createHash('sha256').update(new URL(this.origin).hostname).digest();
  }

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.userVerified ? FLAG_USER_VERIFIED : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** Answers registration options (navigator.credentials.create): a new ES256 credential. */
  register(options: Record<string, unknown>) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const publicCose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credential: Credential = { id: randomBytes(16), key: privateKey, publicCose, counter: 0 };
    this.credentials.push(credential);
    return this.registrationOf(credential, String(options.challenge));
  }

  /** The registration answer of a credential it already holds (the same authenticator offered twice). */
  registrationOf(credential: Credential, challenge: string) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const counter = Buffer.alloc(4);
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([this.flags(FLAG_ATTESTED_DATA)]),
      counter,
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      credential.id,
      credential.publicCose,
    ]);
    const attestation = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge)),
        attestationObject: b64url(attestation),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers authentication options (navigator.credentials.get) with a credential (the first by default). */
  assert(options: Record<string, unknown>, credential: Credential | undefined = this.credentials[0]) {
    if (!credential) throw new Error('no credential to assert with');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([this.rpIdHash, Buffer.from([this.flags()]), counter]);
    const clientData = this.clientData('webauthn.get', String(options.challenge));
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      credential.key,
    );
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
