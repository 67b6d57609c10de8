/** A seeded pseudo-random source; the simulator never touches Math.random so a seed replays a market exactly. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Approximately standard-normal value (Irwin–Hall sum of 6 uniforms), built from arithmetic only. */
  normal(): number;
}

/** Creates a mulberry32 generator for a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => next() + next() + next() + next() + next() + next() - 3,
  };
}

/** Hashes a string to a 32-bit seed (FNV-1a), so each instrument gets its own stream from one seed. */
export function hashSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
