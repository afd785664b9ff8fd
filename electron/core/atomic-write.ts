import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkWritable } from './folder-write-gate';

export interface AtomicWriteOptions {
  /** The file's permissions when it is made (default owner-only, 0o600). */
  mode?: number;
  /** Make the folder first (owner-only) when it is not there. */
  makeFolder?: boolean;
  /** Where to write beside the file (default a unique `<file>.<pid>.<random>.tmp`). */
  tempPath?: string;
  /** Give the new file this owner (a file rewritten in place keeps its owner); skipped where not allowed. */
  owner?: { uid: number; gid: number };
}

/**
 * The names writeFileAtomically gives its temp files by default: `<file>.<pid>.<8 hex>.tmp`. A kill
 * between the write and the rename leaves one behind; cleanOrphanTempFiles removes them at start.
 */
export const TEMP_FILE_PATTERN = /^(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Write a file so that a crash or a power cut leaves either the old content or the new, never half:
 * written beside (a unique `.tmp` name, so two writers never share one), flushed, renamed over, and the
 * folder flushed so the rename itself is durable (not possible on Windows: skipped there). The temp file
 * is removed when anything fails. A file in a folder this process no longer holds is refused before
 * anything is written (folder-write-gate.ts).
 */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  { mode = 0o600, makeFolder = false, tempPath, owner }: AtomicWriteOptions = {},
): Promise<void> {
  await checkWritable(file);
  const folder = path.dirname(file);
  if (makeFolder) await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = tempPath ?? `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', mode);
  try {
    // Exactly `mode`: open's mode passes through the umask (a 0664 file would come back 0644).
    if (process.platform !== 'win32') await handle.chmod(mode);
    if (owner && process.platform !== 'win32')
      await handle.chown(owner.uid, owner.gid).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPERM') throw e;
      });
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  const dir = await open(folder, 'r').catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
}
