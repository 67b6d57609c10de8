import { describe, expect, it } from 'vitest';
import { isShellNavigation } from '../../../workers/service-worker/shell-rules';

describe('isShellNavigation', () => {
  it('takes every app route, under a language prefix too', () => {
    for (const path of ['/', '/login', '/ja/spot/BTCUSDT', '/futures/usdt/BTCUSDT', '/no/such/page', '/version'])
      expect(isShellNavigation(path), path).toBe(true);
  });

  it('leaves the gateway its APIs, its socket, the fault switch and its local-mode pages', () => {
    for (const path of [
      '/v1',
      '/v1/public/time',
      '/api/v2/spot/public/symbols',
      '/v2/ws/public',
      '/__faults',
      '/dev/mailbox',
    ])
      expect(isShellNavigation(path), path).toBe(false);
  });
});
