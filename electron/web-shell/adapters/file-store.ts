import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../../core/atomic-write';
import { checkWritable } from '../../core/folder-write-gate';
import { storageFailure } from '../../core/storage-failure';
import { systemClock, UnreadableValueError, type Clock, type KeyValueStore } from '../../core/ports';

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A KeyValueStore of JSON files: `<dir>/<key>.json`, one per key.
 *
 * Writes are atomic (a temp file in the same folder, flushed, then renamed over the old one), so a
 * crash leaves the old document or the new one, never half of one. A file that cannot be parsed is
 * renamed to `<key>.corrupt-<timestamp>.json` beside it (never deleted) and get() throws
 * UnreadableValueError naming where it went. Files are created owner-only (0600): the profiles
 * document holds encrypted secrets.
 *
 * A write resolves only once the bytes are flushed to the disk; one that fails (a full disk, a
 * read-only folder, a data folder this shell no longer holds) throws a CoreError of kind 'storage'
 * naming the file and the cause, and leaves the old file as it was.
 */
export class FileStore implements KeyValueStore {
  constructor(
    readonly dir: string,
    private readonly clock: Clock = systemClock,
  ) {}

  pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a store key: ${JSON.stringify(key)}`);
    return path.join(this.dir, `${key}.json`);
  }

  async get(key: string): Promise<unknown> {
    const file = this.pathOf(key);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      const reason = text.trim() === '' ? 'the file is empty' : `not valid JSON: ${(e as Error).message}`;
      const keptAt = await this.setAside(key, reason);
      throw new UnreadableValueError(key, keptAt, reason);
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    const file = this.pathOf(key);
    const text = `${JSON.stringify(value, null, 2)}\n`;
    try {
      await writeFileAtomically(file, text, { makeFolder: true });
    } catch (e) {
      throw storageFailure(e, `${file} could not be written`, {
        code: 'storage.cannotWrite',
        params: { file },
      });
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await checkWritable(file);
      await rm(file, { force: true });
    } catch (e) {
      throw storageFailure(e, `${file} could not be removed`, {
        code: 'storage.cannotRemove',
        params: { file },
      });
    }
  }

  async setAside(key: string, _reason: string): Promise<string | undefined> {
    const file = this.pathOf(key);
    // Colons are not allowed in Windows file names: 2025-01-31T12-00-00-000Z.
    const stamp = new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-');
    let target = path.join(this.dir, `${key}.corrupt-${stamp}.json`);
    for (let n = 2; await exists(target); n++)
      target = path.join(this.dir, `${key}.corrupt-${stamp}-${n}.json`);
    try {
      await checkWritable(file);
      await rename(file, target);
      return target;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}
