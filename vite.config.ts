import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signRootCertPem } from './gateway/security/build-root';

// `npm run dev` proxies the APIs to a gateway started beside Vite (scripts/dev.mjs).
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  define: {
    // The root certificate the client verifies the server's signing key against (signing contract §1).
    'import.meta.env.VITE_SIGN_ROOT_CERT': JSON.stringify(signRootCertPem()),
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    // The spec's markets page must paint fast on a cheap phone: keep the first chunk small.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Chromium's explicit compile hint: compile every function of our chunks eagerly on the
        // streaming (background) thread instead of lazily on the main thread at first call.
        postBanner: '//# allFunctionsCalledOnLoad',
      },
    },
  },
  server: {
    proxy: {
      '/v1': gateway,
      '/api': gateway,
      '/v2/ws': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
});
