// `npm start`: on a fresh clone installs, builds, then serves the app and its APIs on one local port.
import { spawn } from 'node:child_process';
import { ROOT, ensureDependencies, isBuildFresh, run } from './lib.mjs';

ensureDependencies();
if (isBuildFresh()) {
  console.log('Build is up to date; skipping it.');
} else {
  console.log('Building the client…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { PORT: '8080', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code) => process.exit(code ?? 0));
