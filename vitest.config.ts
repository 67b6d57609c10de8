import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { signRootCertPem } from './gateway/security/build-root';
import { messagesPlugin } from './src/i18n/messages-plugin';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

export default defineConfig({
  plugins: [messagesPlugin(), react()],
  define: {
    'import.meta.env.VITE_SIGN_ROOT_CERT': JSON.stringify(signRootCertPem()),
  },
  worker: { format: 'es' },
  optimizeDeps: {
    // Listed up front so the browser run never reloads mid-test (TOOLCHAIN.md, pitfall 3).
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'comlink',
      'valtio',
      'valtio/vanilla',
      'ofetch',
      '@tanstack/react-router',
      'vitest-browser-react',
      'axe-core',
      'node-forge',
      'dexie',
      '@fingerprintjs/fingerprintjs',
      'lightweight-charts',
      'decimal.js',
      'dompurify',
      'crc-32',
      '@messageformat/runtime',
      '@messageformat/runtime/lib/cardinals',
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/browser/texts-setup.ts'],
          // A real gateway for the market worker's stream tests (its URL is provided to the tests).
          globalSetup: ['tests/browser/gateway-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
    maxWorkers: 2,
  },
});
