import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// scripts/test.mjs picks a free port and a throwaway data dir; these defaults serve a manual run.
const port = Number(process.env.E2E_PORT ?? 8091);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'exchange-e2e-'));
// A new account is in the proof-of-reserves tree within seconds, so the e2e checks a real proof (the tests read it too).
process.env.RESERVES_REBUILD_MS ??= '10000';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Tests that pass take up to ~25 s on a shared two-core machine (a fresh account, a sign-in, a trading screen).
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    // The app registers a service worker; only tests/e2e/service-worker.spec.ts lets it run (against a gateway of
    // its own), so no other test's requests are answered from a cache it did not ask for.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node --import tsx gateway/main.ts',
    url: `http://127.0.0.1:${port}/v1/public/time`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E2E_DIST_DIR lets a run test a build of its own while another build writes dist.
      DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
      GATEWAY_FAULTS: '1',
      // Tests that register fresh accounts send X-Forwarded-For, one address per visitor (tests/e2e/support.ts).
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      RESERVES_REBUILD_MS: process.env.RESERVES_REBUILD_MS,
    },
  },
});
