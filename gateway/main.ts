import { readFileSync } from 'node:fs';
import { isLogLevel } from './log/logger';
import { startGateway } from './server';

function readRoot(certFile: string, keyFile: string) {
  return { certPem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
}

/** CLI entry (`tsx gateway/main.ts`): reads PORT, HOST, DATA_DIR, DIST_DIR, GATEWAY_FAULTS, GATEWAY_LOCAL_MODE, SIGN_ROOT_* and LOG_LEVEL, serves until SIGINT/SIGTERM. */
async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got ${env.PORT}`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!isLogLevel(logLevel)) throw new Error(`LOG_LEVEL must be debug, info, warn, error or silent, got ${logLevel}`);
  const gateway = await startGateway({
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data',
    // An explicitly empty DIST_DIR (npm run dev) means Vite serves the client.
    distDir: env.DIST_DIR === undefined ? 'dist' : env.DIST_DIR || undefined,
    faults: env.GATEWAY_FAULTS === '1',
    logLevel,
    // Local use and demos by default; GATEWAY_LOCAL_MODE=0 turns off the dev mailbox and dev accounts.
    localMode: env.GATEWAY_LOCAL_MODE !== '0',
    devRootDir: env.SIGN_ROOT_DIR || undefined,
    signingRoot: env.SIGN_ROOT_CERT_FILE && env.SIGN_ROOT_KEY_FILE ? readRoot(env.SIGN_ROOT_CERT_FILE, env.SIGN_ROOT_KEY_FILE) : undefined,
  });
  process.stdout.write(`Exchange client running at ${gateway.url}/\n`);
  const stop = () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
