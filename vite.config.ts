import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` proxies the APIs to a gateway started beside Vite (scripts/dev.mjs).
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    // The spec's markets page must paint fast on a cheap phone: keep the first chunk small.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/v1': gateway,
      '/api': gateway,
      '/v2/ws': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
});
