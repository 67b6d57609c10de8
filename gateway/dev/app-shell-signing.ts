/**
 * The dev app shell's signer (`/dev/app-shell/signing.js`): the shell plays the native app, whose own calls (a QR
 * sign-in's scan, confirmation and cancel) are signed core urls like every call that acts for an account (signing
 * contract §4). It signs them as the app signs with its device key, here the framed page's: the pair its crypto
 * worker keeps under `t:` + hex(SHA-256(login token)) in the `ds1-keys` database, used in place (WebCrypto keys are
 * not extractable). MD5 is written out because WebCrypto has none; it is checked against node:crypto in
 * `tests/unit/gateway/dev/app-shell-signing.test.ts`. Without a login token or a stored pair the call goes unsigned,
 * and the gateway's refusal shows in the shell. Defines `globalThis.appShellSigning = { signedPost, md5Hex }`.
 */
export const APP_SHELL_SIGNING_SCRIPT = String.raw`'use strict';
(() => {
  const CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';
  const KEYS_DB = 'ds1-keys';
  const KEYS_STORE = 'keys';
  const LOGIN_TOKEN_COOKIE = 'login_token';

  const hex = (buffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

  /** MD5 of bytes as lowercase hex (RFC 1321). */
  function md5Hex(bytes) {
    const shifts = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
    const table = new Uint32Array(64);
    for (let i = 0; i < 64; i += 1) table[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32);
    const length = bytes.length;
    const padded = new Uint8Array((((length + 8) >> 6) + 1) * 64);
    padded.set(bytes);
    padded[length] = 0x80;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, (length * 8) >>> 0, true);
    view.setUint32(padded.length - 4, Math.floor(length / 0x20000000), true);
    const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
    for (let offset = 0; offset < padded.length; offset += 64) {
      let [a, b, c, d] = state;
      for (let i = 0; i < 64; i += 1) {
        const round = i >> 4;
        const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
        const word = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
        const shift = shifts[round * 4 + (i % 4)];
        const sum = (a + f + table[i] + view.getUint32(offset + word * 4, true)) | 0;
        a = d;
        d = c;
        c = b;
        b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
      }
      state[0] = (state[0] + a) | 0;
      state[1] = (state[1] + b) | 0;
      state[2] = (state[2] + c) | 0;
      state[3] = (state[3] + d) | 0;
    }
    const out = new DataView(new ArrayBuffer(16));
    state.forEach((word, i) => out.setUint32(i * 4, word, true));
    return hex(out.buffer);
  }

  function cookie(name) {
    for (const part of document.cookie.split(';')) {
      const at = part.indexOf('=');
      if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
    }
    return null;
  }

  /** The stored pair of a slot, or undefined (the database is only read; a missing one stays without stores). */
  function readPair(slot) {
    return new Promise((resolve, reject) => {
      const open = indexedDB.open(KEYS_DB);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(KEYS_STORE)) {
          db.close();
          resolve(undefined);
          return;
        }
        const get = db.transaction(KEYS_STORE).objectStore(KEYS_STORE).get(slot);
        get.onsuccess = () => {
          db.close();
          resolve(get.result);
        };
        get.onerror = () => {
          db.close();
          reject(get.error);
        };
      };
    });
  }

  async function signingKey(pair) {
    if (pair.privateKey instanceof CryptoKey) return pair.privateKey;
    const pem = String(pair.privateKey && pair.privateKey.privateKeyPem);
    const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, '')), (char) => char.charCodeAt(0));
    return crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  }

  /** The mode the configuration names for a path: the longest matching signModes key that is not an envelope's. */
  async function modeFor(path) {
    const reply = await (await fetch(CONFIG_PATH, { credentials: 'same-origin' })).json();
    const modes = (reply && reply.data && reply.data.gatewaySignConfig && reply.data.gatewaySignConfig.signModes) || {};
    let best = null;
    for (const key of Object.keys(modes)) {
      if (String(modes[key]).startsWith('enc:') || !path.startsWith(key)) continue;
      if (best === null || key.length > best.length) best = key;
    }
    return best === null ? '1' : String(modes[best]);
  }

  /** The DS1 headers of a POST of bodyText to path, or {} when this browser holds no signed-in pair. */
  async function signedHeaders(path, bodyText) {
    const token = cookie(LOGIN_TOKEN_COOKIE);
    if (!token) return {};
    const slot = 't:' + hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    const pair = await readPair(slot);
    if (!pair) return {};
    const mode = await modeFor(path);
    const items = mode === '1' ? [] : mode === '2' ? ['traceId'] : mode === '3' ? ['traceId', 'body'] : mode.split(',');
    const requestTime = String(Date.now());
    const traceId = hex(crypto.getRandomValues(new Uint8Array(16)));
    const bodyMd5 = md5Hex(new TextEncoder().encode(bodyText));
    const lines = ['DS1', mode, 'POST', path, requestTime.slice(0, 8)];
    for (const item of items) {
      if (item === 'traceId') lines.push(traceId);
      else if (item === 'body') lines.push(bodyMd5);
    }
    const signature = await crypto.subtle.sign(
      'RSASSA-PKCS1-v1_5',
      await signingKey(pair),
      new TextEncoder().encode(lines.join('\n')),
    );
    const headers = {
      'request-time': requestTime,
      'trace-id': traceId,
      'device-sign': btoa(String.fromCharCode(...new Uint8Array(signature))),
      'device-sign-mode': mode,
      'device-sign-key': pair.keyId,
    };
    if (items.includes('body')) headers['device-sign-data-md5'] = bodyMd5;
    return headers;
  }

  /** POSTs a JSON body to path with this browser's cookies, signed as the app signs; the reply's JSON. */
  async function signedPost(path, body) {
    const bodyText = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', ...(await signedHeaders(path, bodyText)) };
    const response = await fetch(path, { method: 'POST', headers, body: bodyText, credentials: 'same-origin' });
    return response.json();
  }

  globalThis.appShellSigning = { signedPost, md5Hex };
})();
`;
