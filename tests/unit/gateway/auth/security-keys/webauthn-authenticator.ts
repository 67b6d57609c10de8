import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** What a ceremony may be told to get wrong, to test that the gateway notices. */
export interface CeremonyOverrides {
  /** The origin written into clientDataJSON (default: the one passed in). */
  origin?: string;
  /** The RP id whose hash goes into authenticatorData (default: the options' RP id). */
  rpId?: string;
  /** The challenge written into clientDataJSON (default: the options' challenge). */
  challenge?: string;
  /** The signature counter to report (default: one more than last time). */
  counter?: number;
}

/**
 * A software FIDO2 authenticator for Node tests: one ES256 key, "none" attestation, user presence and verification
 * flags set. It builds the same JSON the browser's `startRegistration` and `startAuthentication` return.
 */
export class SoftAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** Answers registration options (`PublicKeyCredentialCreationOptionsJSON`) as the browser would. */
  register(
    options: { challenge: string; rp: { id?: string } },
    origin: string,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const clientDataJSON = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? origin,
    );
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const attested = Buffer.concat([Buffer.alloc(16), u16(credentialId.length), credentialId, this.coseKey()]);
    const authData = this.authData(
      overrides.rpId ?? options.rp.id ?? '',
      AT,
      overrides.counter ?? this.counter,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers authentication options (`PublicKeyCredentialRequestOptionsJSON`) as the browser would. */
  authenticate(
    options: { challenge: string; rpId?: string },
    origin: string,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    this.counter = overrides.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? origin,
    );
    const authData = this.authData(overrides.rpId ?? options.rpId ?? '', 0, this.counter);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  private authData(rpId: string, extraFlags: number, counter: number, attested: Buffer = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([UP | UV | extraFlags]), count, attested]);
  }

  /** The public key as a COSE EC2 map: kty 2, alg -7 (ES256), crv 1 (P-256), x, y. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
}
