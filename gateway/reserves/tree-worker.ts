import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { fillNonces, readLiabilities } from './ledger-liabilities';
import { buildPackedTree } from './liability-tree';
import type { TreeJob, TreeResult } from './tree-job';

/**
 * The tree build off the request thread: opens the gateway's SQLite file itself, gives new accounts their nonces,
 * reads every account's liabilities in one read transaction (one consistent moment of the ledger), hashes the tree
 * and sends it back packed, its buffers transferred rather than copied.
 */
function run(job: TreeJob): TreeResult {
  const db = new BetterSqlite3(job.dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const noncesCreated = fillNonces(db);
    const totals = new Map<string, bigint>();
    const tree = db.transaction(() => buildPackedTree(readLiabilities(db, totals)))();
    return {
      ok: true,
      tree,
      totals: [...totals].map(([coin, units]) => [coin, units.toString()] as [string, string]),
      noncesCreated,
    };
  } finally {
    db.close();
  }
}

try {
  const result = run(workerData as TreeJob);
  const tree = result.ok ? result.tree : null;
  const transfer = tree ? [tree.nodes, tree.accountIds, tree.balanceText, tree.balanceEnds].map((b) => b.buffer) : [];
  parentPort?.postMessage(result, transfer as ArrayBuffer[]);
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
