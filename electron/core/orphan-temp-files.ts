import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { TEMP_FILE_PATTERN } from './atomic-write';
import type { Logger } from './logger';
import { operatorLogDir } from './operator-log';

/** A temp file of a writer that may still run is left alone until it is this old. */
const ORPHAN_TEMP_AGE_MS = 10 * 60_000;

/**
 * Remove the temp files a kill left between an atomic write and its rename, in `folders`.
 *
 * Only names writeFileAtomically makes (`<file>.<pid>.<8 hex>.tmp`, TEMP_FILE_PATTERN), never this
 * process's own, and only those whose writer no longer runs or that are older than ORPHAN_TEMP_AGE_MS
 * (a pid can be reused). Call it while holding the folder (the data folder's lock), so no other writer
 * of ours is mid-write. Resolves to the paths removed; a folder that is missing is skipped.
 */
async function cleanOrphanTempFiles(folders: readonly string[]): Promise<string[]> {
  const now = Date.now();
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
      if (pidRuns(pid) && now - info.mtimeMs < ORPHAN_TEMP_AGE_MS) continue;
      await unlink(file).then(
        () => removed.push(file),
        () => undefined,
      );
    }
  }
  return removed;
}

/**
 * At a shell's start, once it holds its data folder (the browser shell's lock, Electron's
 * single-instance lock): remove what interrupted writes left there and in the operator log's folder,
 * and say so in the log.
 */
export async function cleanDataFolderLeftovers(dataDir: string, log: Logger): Promise<void> {
  const removed = await cleanOrphanTempFiles([dataDir, operatorLogDir(dataDir)]);
  if (removed.length > 0)
    log.info(`removed ${removed.length} temp file(s) an interrupted write left: ${removed.join(', ')}`);
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
