import { readFile, rm } from 'node:fs/promises';
import { writeFileAtomically } from '../../core/atomic-write';

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
  await writeFileAtomically(file, content, { mode: 0o644, makeFolder: true });
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
