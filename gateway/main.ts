import { readFileSync } from 'node:fs';
import { readImageSettings } from './images/image-settings';
import { decideLocalMode, LOCAL_MODE_WARNING } from './local-mode';
import { isLogLevel } from './log/logger';
import { startGateway } from './server';
import { announcementCountOf } from './content/content-settings';

function readRoot(certFile: string, keyFile: string) {
  return { certPem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
}

/** Reads an optional positive integer setting, or fails with a message naming it. */
function readCount(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${raw}`);
  return value;
}

/**
 * CLI entry (`tsx gateway/main.ts`): reads PORT, HOST, DATA_DIR, DIST_DIR, GATEWAY_FAULTS, GATEWAY_LOCAL_MODE, TRUST_PROXY,
 * SIGN_ROOT_*, TLS_CERT_FILE and TLS_KEY_FILE (HTTPS and HTTP/2), LOG_LEVEL, the market load MARKET_STEP_MS and
 * MARKET_LEVEL_CHANGES, RESERVES_REBUILD_MS, the image hosts IMAGE_HOSTS, IMAGE_HOST_PORTS and IMAGE_HOST_DELAYS_MS, and
 * DEV_ANNOUNCEMENTS, serves until SIGINT/SIGTERM.
 */
async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got ${env.PORT}`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!isLogLevel(logLevel)) throw new Error(`LOG_LEVEL must be debug, info, warn, error or silent, got ${logLevel}`);
  // The market's load on the stream (benchmarks): MARKET_STEP_MS=50 MARKET_LEVEL_CHANGES=20 gives about 7,600 level changes a second.
  const marketStepMs = readCount(env, 'MARKET_STEP_MS', 5, 60_000);
  const levelChangesPerStep = readCount(env, 'MARKET_LEVEL_CHANGES', 0, 10_000);
  // How often the proof-of-reserves tree is rebuilt (ms); README "Proof of reserves".
  const reservesRebuildMs = readCount(env, 'RESERVES_REBUILD_MS', 10_000, 86_400_000);
  const host = env.HOST || '127.0.0.1';
  const localMode = decideLocalMode(host, env.GATEWAY_LOCAL_MODE);
  if (env.TRUST_PROXY !== undefined && !['', '0', '1'].includes(env.TRUST_PROXY))
    throw new Error(`TRUST_PROXY must be 0 or 1, got ${env.TRUST_PROXY}`);
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE))
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  const images = readImageSettings(env);
  if (localMode) process.stderr.write(`${LOCAL_MODE_WARNING}\n`);
  const gateway = await startGateway({
    port,
    host,
    dataDir: env.DATA_DIR || '.data',
    // An explicitly empty DIST_DIR (npm run dev) means Vite serves the client.
    distDir: env.DIST_DIR === undefined ? 'dist' : env.DIST_DIR || undefined,
    faults: env.GATEWAY_FAULTS === '1',
    logLevel,
    marketStepMs,
    levelChangesPerStep,
    reservesRebuildMs,
    localMode,
    trustProxy: env.TRUST_PROXY === '1',
    // API_RATE_LIMITS=0 lifts the per-route limits of API keys (a burst test that measures durability, not limits).
    apiRateLimits: env.API_RATE_LIMITS !== '0',
    thirdEnv: env,
    // DEV_ANNOUNCEMENTS (bench): more announcements than the seeds, in local mode or with the fault switch only.
    announcementCount: announcementCountOf(env, localMode || env.GATEWAY_FAULTS === '1'),
    images,
    devRootDir: env.SIGN_ROOT_DIR || undefined,
    signingRoot:
      env.SIGN_ROOT_CERT_FILE && env.SIGN_ROOT_KEY_FILE
        ? readRoot(env.SIGN_ROOT_CERT_FILE, env.SIGN_ROOT_KEY_FILE)
        : undefined,
    tls:
      env.TLS_CERT_FILE && env.TLS_KEY_FILE
        ? { cert: readFileSync(env.TLS_CERT_FILE, 'utf8'), key: readFileSync(env.TLS_KEY_FILE, 'utf8') }
        : undefined,
  });
  const stop = () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Listening for the signals before the address is printed: a supervisor that stops the gateway as soon as it
  // reads the address still gets a clean close.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`Exchange client running at ${gateway.url}/\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
