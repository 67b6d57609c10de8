// Shared pieces of the project's commands: installing what is missing, running steps, free ports.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs `npm ci` when node_modules is missing or older than the lockfile. */
export function ensureDependencies(log = console.log) {
  const marker = `${ROOT}node_modules/.package-lock.json`;
  const lock = `${ROOT}package-lock.json`;
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci failed');
}

/** True when dist/ holds a build newer than every source file it depends on. */
export function isBuildFresh() {
  const index = `${ROOT}dist/index.html`;
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  const newest = newestMtime([
    'src',
    'workers',
    'engine',
    'public',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ]);
  return built >= newest;
}

function newestMtime(paths) {
  let newest = 0;
  const stack = paths.map((p) => `${ROOT}${p}`);
  while (stack.length > 0) {
    const path = stack.pop();
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) stack.push(`${path}/${name}`);
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  }
  return newest;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Asks the OS for a free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Reads a JSON file, or null when it is absent or unreadable. */
export function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
