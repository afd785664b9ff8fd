import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { TEMP_FILE_PATTERN } from './atomic-write';

/** A temp file of a writer that may still run is left alone until it is this old. */
const ORPHAN_TEMP_AGE_MS = 10 * 60_000;

export interface OrphanTempOptions {
  /** Epoch ms; default Date.now(). */
  now?: number;
  /** Default ORPHAN_TEMP_AGE_MS. */
  olderThanMs?: number;
  /** Whether a pid runs on this machine; default process.kill(pid, 0). */
  isRunning?: (pid: number) => boolean;
}

/**
 * Remove the temp files a kill left between an atomic write and its rename, in `folders`.
 *
 * Only names writeFileAtomically makes (`<file>.<pid>.<8 hex>.tmp`, TEMP_FILE_PATTERN), never this
 * process's own, and only those whose writer no longer runs or that are older than `olderThanMs`
 * (a pid can be reused). Call it while holding the folder (the data folder's lock), so no other
 * writer of ours is mid-write. Resolves to the paths removed; a folder that is missing is skipped.
 */
export async function cleanOrphanTempFiles(
  folders: readonly string[],
  options: OrphanTempOptions = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const olderThanMs = options.olderThanMs ?? ORPHAN_TEMP_AGE_MS;
  const isRunning = options.isRunning ?? pidRuns;
  const removed: string[] = [];
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const match = TEMP_FILE_PATTERN.exec(name);
      if (!match) continue;
      const pid = Number(match[2]);
      if (pid === process.pid) continue;
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (isRunning(pid) && now - info.mtimeMs < olderThanMs) continue;
      await unlink(file).then(
        () => removed.push(file),
        () => undefined,
      );
    }
  }
  return removed;
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
