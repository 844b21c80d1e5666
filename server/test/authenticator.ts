// A software passkey for the API tests: an ES256 key pair that answers WebAuthn registration and
// sign-in ceremonies as a platform authenticator would (attestation "none", user verified), and
// can be told to lie (another origin, another rpId, a counter that goes backwards).
import { createHash, createHmac, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Lies {
  origin?: string;
  rpId?: string;
  counter?: number;
  /** Sign with another key than the one registered. */
  forge?: boolean;
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  private userHandle = '';

  private readonly origin: string;
  private readonly rpId: string;

  constructor(origin: string, rpId: string) {
    this.origin = origin;
    this.rpId = rpId;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** Answers `navigator.credentials.create()` with the options the server gave. */
  register(options: { challenge: string; user: { id: string } }, lies: Lies = {}) {
    this.userHandle = options.user.id;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: lies.origin ?? this.origin, crossOrigin: false }),
    );
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    // UP | UV | AT
    const authData = this.authData(lies.rpId ?? this.rpId, 0x01 | (lies.userVerified === false ? 0 : 0x04) | 0x40, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get()`; the counter goes up by one unless told otherwise. */
  assert(options: { challenge: string }, lies: Lies = {}) {
    this.counter = lies.counter ?? this.counter + 1;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: lies.origin ?? this.origin, crossOrigin: false }),
    );
    const authData = this.authData(lies.rpId ?? this.rpId, 0x01 | (lies.userVerified === false ? 0 : 0x04), this.counter);
    const key = lies.forge ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.privateKey;
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha(clientDataJSON)]))
      .sign(key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}

/** The TOTP code of a base32 secret at a time (RFC 6238, SHA-1, 6 digits, 30 s), computed here, not by the server's library. */
export function totpCode(secretBase32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
