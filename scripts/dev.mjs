// `npm run dev`: the gateway on PORT (8080) and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';
import { ROOT, ensureDependencies } from './lib.mjs';

ensureDependencies();
const port = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, DIST_DIR: '' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${port}` },
  }),
];
function stop(signal) {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
