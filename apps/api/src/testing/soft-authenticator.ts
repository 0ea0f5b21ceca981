import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { WebauthnConfig } from '../config/webauthn.ts';

// A passkey authenticator in software, for the API's tests (decision 0048): it answers WebAuthn
// options the way a browser and a platform authenticator do (ES256, no attestation), so the
// server's real checks run on real signatures. The browser journeys use Chromium's own virtual
// authenticator instead.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Options = Record<string, unknown>;

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The coordinates of the public key (P-256). */
  x: Buffer;
  y: Buffer;
  userHandle: string;
  counter: number;
};

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];
  constructor(
    private readonly relyingParty: WebauthnConfig,
    /** Whether it verifies the person (a PIN or a fingerprint), as passkeys on phones do. */
    private readonly verifiesUser = true,
  ) {}

  private flags(extra: number): number {
    // user present, user verified when it does, backup eligible and backed up (a synced passkey)
    return 0x01 | (this.verifiesUser ? 0x04 : 0) | 0x08 | 0x10 | extra;
  }

  private clientData(type: string, challenge: string, origin?: string): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: origin ?? this.relyingParty.origins[0],
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create: a new key pair, answered as RegistrationResponseJSON. */
  create(options: Options, origin?: string): Record<string, unknown> {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const passkey: SoftPasskey = {
      credentialId: randomBytes(16),
      privateKey,
      x: Buffer.from(jwk.x as string, 'base64url'),
      y: Buffer.from(jwk.y as string, 'base64url'),
      userHandle: (options.user as { id: string }).id,
      counter: 0,
    };
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(passkey.x)],
        [-3, new Uint8Array(passkey.y)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(passkey.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.relyingParty.rpId),
      Buffer.from([this.flags(0x40)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      passkey.credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.passkeys.push(passkey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', options.challenge as string, origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get with one of its passkeys (the last created unless named): a signed
   * assertion, answered as AuthenticationResponseJSON.
   */
  get(options: Options, passkey = this.passkeys.at(-1), origin?: string): Record<string, unknown> {
    if (!passkey) throw new Error('the soft authenticator holds no passkey');
    passkey.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(passkey.counter);
    const authenticatorData = Buffer.concat([
      sha256(this.relyingParty.rpId),
      Buffer.from([this.flags(0)]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge as string, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      passkey.privateKey,
    );
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
