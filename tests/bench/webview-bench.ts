// The webview section of `npm run bench`: the in-app pages on a low-end Android phone's app webview (tests/bench/
// webview-host.ts), on a gateway of its own at the README's default market pace: LCP of `/trade-spot` and
// `/trade-asset` cold and warm, then one long `/trade-spot` session for long tasks and heap growth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { loopbackTlsCertificate } from '../../gateway/dev/tls-certificate';
import { startGateway } from '../../gateway/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { countStream, type StreamRate } from './trade-stream-rate';
import { showsDigit, trustedKeyArg } from './webview-host';
import { measureLoads, type PageLoads } from './webview-lcp';
import { measureStreamSession, type StreamSessionFigures } from './webview-stream';

export type { LoadFigures, PageLoads } from './webview-lcp';
export type { StreamSessionFigures } from './webview-stream';
export { APP_VERSION, PHONE, SLOW_4G } from './webview-host';

/** The simulator's default pace (README "Settings": MARKET_STEP_MS 250, MARKET_LEVEL_CHANGES 12). */
export const WEBVIEW_MARKET = { marketStepMs: 250, levelChangesPerStep: 12 };

export interface WebviewBenchOptions {
  distDir: string;
  /** Cold (and warm) loads per page. */
  runs: number;
  windows: number;
  windowMs: number;
  sessionMs: number;
}

export interface WebviewFigures {
  rate: StreamRate;
  spot: PageLoads;
  asset: PageLoads;
  session: StreamSessionFigures;
}

const SPOT_PATH = '/trade-spot?symbol=BTCUSDT';

/**
 * Starts the gateway over HTTPS and HTTP/2 and a browser of its own that trusts the gateway's throwaway certificate
 * (so the HTTP cache works as on a real site), measures the loads of both pages, then the long session.
 */
export async function measureWebview(options: WebviewBenchOptions): Promise<WebviewFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-webview-bench-'));
  // HTTPS and HTTP/2, as the exchange serves phones (webview-host.ts BenchServer).
  const tls = loopbackTlsCertificate();
  const gateway = await startGateway({
    port: 0,
    dataDir,
    distDir: options.distDir,
    logLevel: 'warn',
    tls,
    ...WEBVIEW_MARKET,
  });
  const server = { url: gateway.url, ca: tls.cert };
  const browser = await chromium
    .launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, trustedKeyArg(tls.cert)],
      headless: true,
    })
    .catch(async (error: unknown) => {
      await gateway.close();
      throw error;
    });
  try {
    const rate = await countStream(gateway.url, 3000, tls.cert);
    const spot = await measureLoads(browser, server, {
      path: SPOT_PATH,
      readyExpression: showsDigit('[data-testid="ticker-last"]'),
      signedIn: false,
      runs: options.runs,
    });
    const asset = await measureLoads(browser, server, {
      path: '/trade-asset',
      readyExpression: showsDigit('[data-testid="asset-total"]'),
      signedIn: true,
      runs: options.runs,
    });
    const session = await measureStreamSession(browser, server, {
      path: SPOT_PATH,
      windows: options.windows,
      windowMs: options.windowMs,
      sessionMs: options.sessionMs,
    });
    return { rate, spot, asset, session };
  } finally {
    await browser.close();
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
