// Type-checks each environment with its own tsconfig, so the compiler enforces who may touch what.
import { ROOT, run } from './lib.mjs';

const CONFIGS = [
  'tsconfig.engine.json',
  'tsconfig.worker.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'tsconfig.test.json',
];

let failed = 0;
for (const config of CONFIGS) {
  const code = await run('npx', ['tsc', '-p', config], { cwd: ROOT });
  if (code !== 0) {
    console.error(`type errors in ${config}`);
    failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
