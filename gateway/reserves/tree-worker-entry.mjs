// Worker entry of the reserves tree build: the gateway runs TypeScript through tsx, which a worker thread does not
// inherit under every runner (vitest), so the entry registers it before loading the build.
import { register } from 'tsx/esm/api';

register();
await import('./tree-worker.ts');
