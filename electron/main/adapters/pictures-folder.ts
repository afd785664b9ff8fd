import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { app } from 'electron';
import type { SnapshotFolder } from '../../core/ports';

/** How many " (n)" names are tried before giving up (a folder full of one name is something else). */
const MAX_TRIES = 200;

/**
 * Tile snapshots into the user's Pictures folder (`app.getPath('pictures')`, read at each save, made
 * when missing). A file already there is never replaced: the next free "name (2).png" is taken,
 * atomically (an exclusive create), so two snapshots in the same second both stay.
 */
export class PicturesFolder implements SnapshotFolder {
  /** @param folder where snapshots go; the Pictures folder by default (tests give their own). */
  constructor(private readonly folder: () => string = () => app.getPath('pictures')) {}

  async save(name: string, bytes: Uint8Array): Promise<{ name: string; path: string }> {
    if (path.basename(name) !== name || !name.endsWith('.png'))
      throw new Error(`"${name}" is not a plain PNG file name`);
    const dir = this.folder();
    await mkdir(dir, { recursive: true });
    const stem = name.slice(0, -'.png'.length);
    for (let n = 1; n <= MAX_TRIES; n++) {
      const candidate = n === 1 ? name : `${stem} (${n}).png`;
      const file = path.join(dir, candidate);
      try {
        await writeFile(file, bytes, { flag: 'wx' });
        return { name: candidate, path: file };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw new Error(`${MAX_TRIES} files named "${stem}" are already in ${dir}`);
  }
}
