import { fromBase64 } from './encoding';
import type { KeyAlgorithm } from './primitives';
import { readRsaSpki } from './rsa-spki';
import { type ModeValue, parseModeValue } from './sign-mode';

/** One `signModes` entry, parsed (signing contract §1). */
export interface ModeEntry {
  path: string;
  value: ModeValue;
}

/** The signing configuration after validation (signing contract §1); `serverPublicKey` is kept exactly as sent. */
export interface SignConfig {
  clientOpen: boolean;
  serverPublicKey: string;
  serverPublicKeyDer: Uint8Array;
  serverPublicKeySign: Uint8Array;
  defaultAlgorithm: KeyAlgorithm;
  exactUrls: string[];
  prefixUrls: string[];
  /** Longest path first, so the first match is the one that wins. */
  signModes: ModeEntry[];
  userCheckDeviceUrl: string | null;
}

/** The outcome of validating a config: the config, or one clear reason naming the bad field. */
export type SignConfigResult = { ok: true; config: SignConfig } | { ok: false; error: string };

const MAX_KEY_B64 = 4096;
const MAX_SIGNATURE_B64 = 1024;
const MAX_URLS = 1000;
const MAX_PATH = 1024;
// Printable ASCII without space, '?' or '#': a path as sent, matched without its query.
const PATH = /^\/[!"$%&'()*+,\-./0-9:;<=>@A-Z[\\\]^_`a-z{|}~]*$/;

class ConfigError extends Error {}

const fail = (field: string, problem: string): never => {
  throw new ConfigError(`${field}: ${problem}`);
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPath(value: unknown, field: string): string {
  if (typeof value !== 'string') return fail(field, 'must be a string');
  if (value.length > MAX_PATH || !PATH.test(value))
    return fail(field, `must be a path starting with "/", without query, at most ${MAX_PATH} characters`);
  return value;
}

function readPaths(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(field, 'must be an array of paths');
  if (value.length > MAX_URLS) return fail(field, `must hold at most ${MAX_URLS} paths`);
  return value.map((entry, i) => readPath(entry, `${field}[${i}]`));
}

function readModes(value: unknown): ModeEntry[] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) return fail('signModes', 'must be an object of path → mode');
  const entries = Object.entries(value);
  if (entries.length > MAX_URLS) return fail('signModes', `must hold at most ${MAX_URLS} entries`);
  return entries
    .map(([path, raw]) => {
      readPath(path, `signModes key "${path.slice(0, 64)}"`);
      const parsed = parseModeValue(raw);
      if ('error' in parsed) return fail(`signModes["${path}"]`, parsed.error);
      return { path, value: parsed };
    })
    .sort((a, b) => b.path.length - a.path.length);
}

function readBase64(value: unknown, field: string, maxLength: number): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) return fail(field, 'must be a non-empty base64 string');
  if (value.length > maxLength) return fail(field, `must be at most ${maxLength} characters`);
  const bytes = fromBase64(value);
  if (!bytes || bytes.length === 0) return fail(field, 'is not standard base64 with padding');
  return bytes;
}

function readServerKey(value: unknown): Uint8Array {
  const der = readBase64(value, 'serverPublicKey', MAX_KEY_B64);
  const info = readRsaSpki(der);
  if (!info) return fail('serverPublicKey', 'is not the SPKI DER of an RSA public key');
  if (info.modulusBits < 2048 || info.modulusBits > 4096)
    return fail('serverPublicKey', `has ${info.modulusBits} bits; 2048 to 4096 expected`);
  if (info.exponent !== 65537) return fail('serverPublicKey', 'must have the public exponent 65537');
  return der;
}

function readAlgorithm(value: unknown): KeyAlgorithm {
  if (value === 'rsa1024' || value === 'rsa2048') return value;
  // Spec §9: "fallback rsa1024" — a missing or unknown size falls back rather than disabling signing.
  if (value === undefined || value === null || typeof value === 'string') return 'rsa1024';
  return fail('defaultAlgorithm', 'must be "rsa1024" or "rsa2048"');
}

/** Finds the config object in what the config call returned: the envelope, its `data`, or the config itself (spec §7.7). */
function unwrap(input: unknown): unknown {
  if (isRecord(input) && !('clientOpen' in input)) {
    if (isRecord(input.data)) return unwrap(input.data);
    if ('gatewaySignConfig' in input) return input.gatewaySignConfig;
  }
  return input;
}

/** Validates a signing configuration from the network as hostile input, returning one clear error instead of throwing (signing contract §1). */
export function parseSignConfig(input: unknown): SignConfigResult {
  try {
    const raw = unwrap(input);
    if (!isRecord(raw)) return fail('gatewaySignConfig', 'must be an object');
    if (typeof raw.clientOpen !== 'boolean') return fail('clientOpen', 'must be true or false');
    const userCheck = raw.userCheckDeviceUrl;
    const config: SignConfig = {
      clientOpen: raw.clientOpen,
      serverPublicKey: '',
      serverPublicKeyDer: new Uint8Array(0),
      serverPublicKeySign: new Uint8Array(0),
      defaultAlgorithm: readAlgorithm(raw.defaultAlgorithm),
      exactUrls: readPaths(raw.exactUrls, 'exactUrls'),
      prefixUrls: readPaths(raw.prefixUrls, 'prefixUrls'),
      signModes: readModes(raw.signModes),
      userCheckDeviceUrl:
        userCheck === undefined || userCheck === null || userCheck === ''
          ? null
          : readPath(userCheck, 'userCheckDeviceUrl'),
    };
    // With clientOpen false nothing is signed or encrypted, so the key fields may be absent.
    if (!config.clientOpen) return { ok: true, config };
    config.serverPublicKeyDer = readServerKey(raw.serverPublicKey);
    config.serverPublicKey = raw.serverPublicKey as string;
    config.serverPublicKeySign = readBase64(raw.serverPublicKeySign, 'serverPublicKeySign', MAX_SIGNATURE_B64);
    return { ok: true, config };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error: error.message };
    return { ok: false, error: 'gatewaySignConfig: could not be read' };
  }
}
