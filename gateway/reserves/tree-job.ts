import type { PackedTree } from './liability-tree';

/** What a tree build gets: the SQLite file to read. */
export interface TreeJob {
  dbPath: string;
}

/** What a tree build answers: the packed tree (null when no account holds anything) and per-coin totals (money units). */
export type TreeResult =
  | { ok: true; tree: PackedTree | null; totals: [coin: string, units: string][]; noncesCreated: number }
  | { ok: false; message: string };
