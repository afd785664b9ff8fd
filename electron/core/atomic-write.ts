import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** The file's permissions when it is made (default owner-only, 0o600). */
  mode?: number;
  /** Make the folder first (owner-only) when it is not there. */
  makeFolder?: boolean;
  /** Where to write beside the file (default a unique `<file>.<pid>.<random>.tmp`). */
  tempPath?: string;
}

/**
 * Write a file so that a crash or a power cut leaves either the old content or the new, never half:
 * written beside (a unique `.tmp` name, so two writers never share one), flushed, renamed over, and the
 * folder flushed so the rename itself is durable (not possible on Windows: skipped there). The temp file
 * is removed when anything fails.
 */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  { mode = 0o600, makeFolder = false, tempPath }: AtomicWriteOptions = {},
): Promise<void> {
  const folder = path.dirname(file);
  if (makeFolder) await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = tempPath ?? `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', mode);
  try {
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
