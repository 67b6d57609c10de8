import { md5 as nobleMd5 } from '@noble/hashes/legacy.js';

/**
 * MD5 (WebCrypto has none): the body md5 and the server key fingerprint (signing contract §1, §4). From
 * @noble/hashes, a few KB, so the WebCrypto path of the worker never loads node-forge.
 */
export function md5(data: Uint8Array): Uint8Array {
  return nobleMd5(data);
}
