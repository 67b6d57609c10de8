import {
  type ProofShapeError,
  type ReservesProof,
  readProof,
  type VerifyStep,
  verifyProof,
} from '../engine/reserves/merkle-proof';

export type { ReservesProof, VerifyStep } from '../engine/reserves/merkle-proof';

/** A proof file larger than this is not a proof (500 balances and 32 steps fit in well under 100 kB). */
const MAX_PROOF_CHARS = 1_000_000;
const HEX64 = /^[0-9a-f]{64}$/;
const TOO_LARGE = Symbol('too-large');

/** Why a proof could not be checked at all: the engine's shape errors, or a file too large to be one. */
export type ProofReadError = ProofShapeError | 'too-large';

/** What a verification found: the proof could not be read, or every step and what the root matched. */
export type VerifyReply =
  | { ok: false; error: ProofReadError; field?: string }
  | {
      ok: true;
      proof: ReservesProof;
      steps: VerifyStep[];
      /** The path from the user's leaf reaches the root written in the proof. */
      reachesRoot: boolean;
      /** The proof's root is the published one; null when no published root was given. */
      isPublishedRoot: boolean | null;
    };

/** Called once per step, in order, as the worker reaches it (a `Comlink.proxy` from the page). */
export type OnStep = (step: VerifyStep, index: number, total: number) => unknown;

/** SHA-256 through WebCrypto: the browser's own implementation, off the main thread. */
async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/** A proof as given: the text of a file (parsed here, so the page never parses a large file) or a parsed reply. */
function parseInput(proofJson: unknown): unknown {
  if (typeof proofJson !== 'string') return proofJson;
  if (proofJson.length > MAX_PROOF_CHARS) return TOO_LARGE;
  try {
    return JSON.parse(proofJson) as unknown;
  } catch {
    return null;
  }
}

/**
 * The reserves worker's API (README "Proof of reserves"): verifies a user's proof with WebCrypto, reporting each step.
 * A proof of an older tree (its root is not the published one) is checked against its own root and said so.
 */
export const reservesApi = {
  async verify(proofJson: unknown, publishedRoot?: string, onStep?: OnStep): Promise<VerifyReply> {
    if (publishedRoot !== undefined && (typeof publishedRoot !== 'string' || !HEX64.test(publishedRoot)))
      throw new TypeError('publishedRoot must be 64 lowercase hex digits');
    if (onStep !== undefined && typeof onStep !== 'function') throw new TypeError('onStep must be a function');
    const input = parseInput(proofJson);
    if (input === TOO_LARGE) return { ok: false, error: 'too-large' };
    const read = readProof(input);
    if ('error' in read) return { ok: false, ...read };
    const { proof } = read;
    const isPublishedRoot = publishedRoot === undefined ? null : proof.root === publishedRoot;
    // An older tree's proof is checked against its own root: the page says it verifies, and that the root is not the latest.
    const { ok, steps } = await verifyProof(proof, sha256, isPublishedRoot === false ? undefined : publishedRoot);
    for (const [index, step] of steps.entries()) await onStep?.(step, index, steps.length);
    return { ok: true, proof, steps, reachesRoot: ok, isPublishedRoot };
  },
};

export type ReservesApi = typeof reservesApi;
