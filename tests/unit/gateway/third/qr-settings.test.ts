import { describe, expect, it } from 'vitest';
import { qrContentOf, qrPublicConfig, readQrSettings } from '../../../../gateway/third/qr/qr-settings';

describe('readQrSettings', () => {
  it('is on by default in local mode only, and THIRD_QR switches it', () => {
    expect(readQrSettings({}, true)).toEqual({ linkScheme: 'exchangeapp', linkHost: 'exchange' });
    expect(readQrSettings({}, false)).toBeNull();
    expect(readQrSettings({ THIRD_QR: '0' }, true)).toBeNull();
    expect(readQrSettings({ THIRD_QR: '1' }, false)).not.toBeNull();
  });

  it('reads the link scheme and host, refusing anything that is not one', () => {
    const settings = readQrSettings(
      { THIRD_QR: '1', THIRD_QR_LINK_SCHEME: 'myex', THIRD_QR_LINK_HOST: 'ex.app' },
      false,
    );
    expect(settings && qrContentOf(settings, 'k_-1')).toBe('myex://ex.app/qrlogin?key=k_-1');
    expect(() => readQrSettings({ THIRD_QR_LINK_SCHEME: 'javascript:alert(1)//' }, true)).toThrow(
      /THIRD_QR_LINK_SCHEME/,
    );
    expect(() => readQrSettings({ THIRD_QR_LINK_HOST: 'evil/path' }, true)).toThrow(/THIRD_QR_LINK_HOST/);
  });

  it('gives the client the poll interval and no more', () => {
    expect(qrPublicConfig({ linkScheme: 'exchangeapp', linkHost: 'exchange' })).toEqual({ pollMs: 2000 });
  });
});
