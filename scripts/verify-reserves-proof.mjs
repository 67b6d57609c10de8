#!/usr/bin/env node
// Verifies a proof-of-reserves proof offline (README "Proof of reserves"), independently of the exchange's code:
// plain Node and node:crypto only. Usage: node scripts/verify-reserves-proof.mjs proof.json [--root <hex>]
// Exit 0: the proof reaches its root (and the published root given); 1: it does not; 2: the file is not a proof.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const HEX64 = /^[0-9a-f]{64}$/;
const COIN = /^[A-Z0-9]{1,20}$/;
const AMOUNT = /^(0|[1-9]\d{0,29})(\.\d{0,17}[1-9])?$/;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

function fail(code, message) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function readArgs(argv) {
  let file = null;
  let root = null;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--root') {
      root = (argv[i + 1] ?? '').toLowerCase();
      i += 1;
      if (!HEX64.test(root)) fail(2, '--root needs the published root: 64 hex digits');
    } else if (file === null) file = argv[i];
    else fail(2, `unexpected argument ${argv[i]}`);
  }
  if (file === null) fail(2, 'usage: node scripts/verify-reserves-proof.mjs proof.json [--root <hex>]');
  return { file, root };
}

/** The proof file's fields, checked for shape before any hashing; exits 2 naming the first bad field. */
function readProof(file) {
  let value;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(2, `cannot read ${file} as JSON: ${error.message}`);
  }
  // A proof saved from the API reply may still be inside its envelope.
  if (value && typeof value === 'object' && value.code === '00000' && value.data) value = value.data;
  const bad = (field) => fail(2, `malformed proof: ${field}`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) bad('not an object');
  if (value.version !== 1) bad('version (expected 1)');
  if (!Number.isSafeInteger(value.builtAt) || value.builtAt < 0) bad('builtAt');
  if (typeof value.root !== 'string' || !HEX64.test(value.root)) bad('root');
  if (!Number.isSafeInteger(value.leafCount) || value.leafCount < 1) bad('leafCount');
  if (typeof value.userId !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(value.userId)) bad('userId');
  if (typeof value.nonce !== 'string' || !/^[0-9a-f]{32}$/.test(value.nonce)) bad('nonce');
  if (!Array.isArray(value.balances) || value.balances.length > 500) bad('balances');
  const seen = new Set();
  for (const entry of value.balances) {
    if (!Array.isArray(entry) || entry.length !== 2) bad('balances');
    const [coin, amount] = entry;
    if (typeof coin !== 'string' || !COIN.test(coin) || seen.has(coin)) bad('balances (coin)');
    if (typeof amount !== 'string' || !AMOUNT.test(amount)) bad(`balances (amount of ${coin})`);
    seen.add(coin);
  }
  if (!Number.isSafeInteger(value.leafIndex) || value.leafIndex < 0 || value.leafIndex >= value.leafCount)
    bad('leafIndex');
  if (!Array.isArray(value.path) || value.path.length > 32) bad('path');
  for (const step of value.path)
    if (
      !step ||
      (step.side !== 'left' && step.side !== 'right') ||
      typeof step.hash !== 'string' ||
      !HEX64.test(step.hash)
    )
      bad('path');
  return value;
}

const { file, root: publishedRoot } = readArgs(process.argv.slice(2));
const proof = readProof(file);

// Account id: SHA-256 of "<nonce>:<user id>".
const accountInput = `${proof.nonce}:${proof.userId}`;
const accountId = sha256(Buffer.from(accountInput, 'utf8')).toString('hex');
console.log(`account  sha256("${accountInput}")\n         = ${accountId}`);

// Leaf: SHA-256 of 0x00 then "v1|<account id>|<coin>:<amount>,…" (coins sorted, zero amounts left out).
const coins = proof.balances
  .filter(([, amount]) => amount !== '0')
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([coin, amount]) => `${coin}:${amount}`);
const leafText = `v1|${accountId}|${coins.join(',')}`;
let hash = sha256(Buffer.concat([Buffer.from([0x00]), Buffer.from(leafText, 'utf8')]));
console.log(`leaf     sha256(0x00 "${leafText}")\n         = ${hash.toString('hex')}`);

// Node: SHA-256 of 0x01, then the left child's 32 bytes, then the right child's.
for (const [i, step] of proof.path.entries()) {
  const sibling = Buffer.from(step.hash, 'hex');
  const [left, right] = step.side === 'left' ? [sibling, hash] : [hash, sibling];
  hash = sha256(Buffer.concat([Buffer.from([0x01]), left, right]));
  console.log(
    `node ${String(i + 1).padStart(2)}  sibling on the ${step.side} ${step.hash}\n         = ${hash.toString('hex')}`,
  );
}

const computed = hash.toString('hex');
console.log(`root     computed  ${computed}`);
console.log(`         in proof  ${proof.root}`);
if (publishedRoot) console.log(`         published ${publishedRoot}`);
const ok = computed === proof.root && (publishedRoot === null || computed === publishedRoot);
if (ok) {
  console.log(
    `OK: the balances of ${proof.userId} are in the tree of ${new Date(proof.builtAt).toISOString()} (${proof.leafCount} accounts)`,
  );
  process.exit(0);
}
console.log(
  computed !== proof.root
    ? 'FAILED: the path does not reach the root in the proof'
    : 'FAILED: the proof reaches its own root, but not the published root',
);
process.exit(1);
