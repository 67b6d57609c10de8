// `npm test`: installs what is missing, runs every suite, ends with `N passed, N failed`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ROOT, ensureDependencies, freePort, readJson, run } from './lib.mjs';

process.env.NO_COLOR = '1';
const reports = join(ROOT, '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Each failed test's name and the start of its error, printed just above the totals (a CI log shows its end). */
const failures = [];

/** An error's first lines, without colours, on one line of at most `max` characters. */
function gist(text, max = 600) {
  const plain = String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes of a coloured message.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 12)
    .join(' | ');
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

function record(name, passed, failed, skipped = 0) {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  lines.push(
    `${failed > 0 ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

async function check(name, command, args, env) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const code = await run(command, args, env ? { env: { ...process.env, ...env } } : {});
  record(`${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

function recordVitest(name, file, exitCode) {
  const report = readJson(file);
  if (!report) {
    record(`${name} (no report, exit ${exitCode})`, 0, 1);
    return;
  }
  // A suite that failed to load counts as a failure even though it has no failed test.
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && r.assertionResults?.length === 0,
  ).length;
  for (const file of report.testResults ?? []) {
    const path = relative(ROOT, file.name ?? '');
    if (file.status === 'failed' && file.assertionResults?.length === 0)
      failures.push(`${path}: ${gist(file.message)}`);
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${path} › ${test.fullName}: ${gist(test.failureMessages?.[0])}`);
  }
  record(
    name,
    report.numPassedTests,
    report.numFailedTests + brokenFiles,
    report.numPendingTests + report.numTodoTests,
  );
}

async function vitest(name, project) {
  console.log(`\n=== ${name}`);
  const file = join(reports, `${project}.json`);
  const code = await run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  recordVitest(name, file, code);
}

/** The failed tests of a Playwright JSON report's suites, with their first error. */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          if (result.status !== 'passed' && result.status !== 'skipped')
            failures.push(`${[...path, spec.title].join(' › ')}: ${result.status}: ${gist(result.error?.message)}`);
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

async function e2e() {
  console.log('\n=== end-to-end (Playwright, built app on the gateway)');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-'));
  const file = join(reports, 'e2e.json');
  const code = await run('npx', ['playwright', 'test'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  rmSync(dataDir, { recursive: true, force: true });
  const report = readJson(file);
  if (!report) {
    record(`end-to-end (no report, exit ${code})`, 0, 1);
    return;
  }
  collectPlaywrightFailures(report.suites ?? [], []);
  const s = report.stats;
  record('end-to-end', s.expected + s.flaky, s.unexpected, s.skipped);
}

const started = Date.now();
try {
  ensureDependencies();
  ensureChromium();
} catch (error) {
  console.error(String(error));
  console.log('0 passed, 1 failed');
  process.exit(1);
}

await check('lint (biome)', 'npx', ['biome', 'check', '.']);
await check('type check', 'node', ['scripts/typecheck.mjs']);
await vitest('unit (Node)', 'unit');
await vitest('browser (Chromium)', 'browser');
const built = await check('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (built) await e2e();
else record('end-to-end (skipped: build failed)', 0, 1);

if (failures.length > 0) console.log(`\nWhy they failed (first lines):\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${lines.join('\n')}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
const nothingRan = tally.passed + tally.failed === 0;
console.log(
  `${tally.passed} passed, ${tally.failed + (nothingRan ? 1 : 0)} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exit(tally.failed > 0 || nothingRan ? 1 : 0);
