import { randomBytes } from 'node:crypto';
import { linkSync, unlinkSync, writeFileSync } from 'node:fs';

/** Creates `path` with `content` atomically unless it exists; true when this call created it. */
export function writeOnce(path: string, content: string, mode: number): boolean {
  // A hard link either appears whole or fails with EEXIST, so two gateways starting on one
  // directory never read a half-written file nor overwrite each other's key.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode, flag: 'wx' });
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}
