import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The Linux autostart entry on disk: written atomically (beside, flushed, renamed over, the folder
 * flushed) so a power cut leaves the old entry or the new one, never half of one; removed when
 * starting at login is turned off. Nothing is written when the entry already says the same.
 *
 * Returns what it did, for the log.
 */
export async function writeAutostartEntry(file: string, content: string): Promise<'written' | 'unchanged'> {
  const before = await readFile(file, 'utf8').catch(() => null);
  if (before === content) return 'unchanged';
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const dir = await open(path.dirname(file), 'r').catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
  return 'written';
}

/** Remove the entry; a file that is not there is what was asked. */
export async function removeAutostartEntry(file: string): Promise<'removed' | 'absent'> {
  try {
    await rm(file);
    return 'removed';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
}
