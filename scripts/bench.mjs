// `npm run bench`: builds when stale, then measures pages in throttled Chromium and prints figures.
import { ensureChromium, ensureCjkFonts } from './chromium.mjs';
import { ensureDependencies, isBuildFresh, run } from './lib.mjs';

ensureDependencies();
ensureChromium();
ensureCjkFonts();
if (!isBuildFresh()) {
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
process.exit(await run(process.execPath, ['--import', 'tsx', 'tests/bench/run.ts']));
