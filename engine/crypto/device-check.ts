import { toBase64, utf8 } from './encoding';
import { type ClientKeyPair, type CryptoPrimitives, type DebugLog, type KeyAlgorithm, silentLog } from './primitives';
import { time8 } from './time8';
import { pathOnly } from './url-rules';

/** A device-check request as it will be sent (signing contract §5). */
export interface DeviceCheckInput {
  method: string;
  /** Path with `/v1` as sent. */
  path: string;
  requestTime: string;
  traceId: string;
}

/** What the device-check payload gains (signing contract §5). */
export interface DeviceCheckFields {
  userIdHash: string;
  lastAlgorithm: KeyAlgorithm;
  userCheckDeviceSign: string;
}

/** The text the stored pair signs: `DS1-check\n{METHOD}\n{path}\n{time8}\n{traceId}` (signing contract §5). */
export function deviceCheckText(input: DeviceCheckInput): string {
  return `DS1-check\n${input.method.toUpperCase()}\n${input.path}\n${time8(input.requestTime)}\n${input.traceId}`;
}

/** Signs the device-check text with the user's stored pair `u:{userIdHash}` and returns the payload additions (signing contract §5). */
export async function buildDeviceCheck<K>(
  primitives: CryptoPrimitives<K>,
  key: ClientKeyPair<K>,
  userIdHash: string,
  input: DeviceCheckInput,
  log: DebugLog = silentLog,
): Promise<DeviceCheckFields> {
  const signature = await primitives.rsaSign(key.privateKey, utf8(deviceCheckText(input)));
  log('deviceCheck', { path: pathOnly(input.path), time8: time8(input.requestTime), keyId: key.keyId });
  return { userIdHash, lastAlgorithm: key.algorithm, userCheckDeviceSign: toBase64(signature) };
}
