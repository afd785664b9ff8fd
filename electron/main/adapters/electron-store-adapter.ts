import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { createLogger } from '../../core/logger';
import { systemClock, UnreadableValueError, type Clock, type KeyValueStore } from '../../core/ports';
import { storageFailure } from '../../core/storage-failure';

const log = createLogger('store');

/** What one store file holds: the core's versioned document under a single property. */
interface Envelope {
  value?: unknown;
}

/** Keys become file names: nothing that could leave the folder or collide with a kept-aside file. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * KeyValueStore over electron-store: one JSON file per key (`<userData>/<key>.json`).
 *
 * electron-store writes atomically (a temp file, then a rename). A file that is not JSON at all makes
 * it throw, or, with `clearInvalidConfig`, start empty and overwrite the file on the next write. A
 * wall's layouts must not vanish like that, so `clearInvalidConfig` stays off and this adapter renames
 * such a file to `<key>.corrupt-<time>.json` beside it and throws UnreadableValueError naming where
 * it went (the core turns that into a notice and starts the document afresh).
 *
 * A write resolves once conf's atomic write is flushed (it fsyncs); one the disk refuses (full,
 * read-only) throws a CoreError of kind 'storage' naming the file and the cause, as the browser
 * shell's FileStore does, so no caller reports it as a bug.
 */
export class ElectronStoreAdapter implements KeyValueStore {
  private readonly stores = new Map<string, Store<Envelope>>();

  /** @param cwd the folder of the store files: the app's userData in Electron. */
  constructor(
    private readonly cwd: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async get(key: string): Promise<unknown> {
    try {
      return this.open(key).get('value');
    } catch (error) {
      if (!isUnreadable(error)) throw error;
      const keptAt = this.moveAside(key, 'corrupt');
      throw new UnreadableValueError(key, keptAt, 'not valid JSON');
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    if (value === undefined) return this.delete(key);
    const file = this.pathOf(key);
    try {
      try {
        this.open(key).set('value', value);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        // Writing over an unreadable file: keep the old bytes for a person, then write the new value.
        const keptAt = this.moveAside(key, 'corrupt');
        log.warn(`stored ${key} was unreadable and was kept aside before writing`, { keptAt });
        this.open(key).set('value', value);
      }
    } catch (error) {
      throw storageFailure(error, `${file} could not be written`, {
        code: 'storage.cannotWrite',
        params: { file },
      });
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    this.forget(key);
    try {
      rmSync(file, { force: true });
    } catch (error) {
      throw storageFailure(error, `${file} could not be removed`, {
        code: 'storage.cannotRemove',
        params: { file },
      });
    }
  }

  async setAside(key: string, _reason: string): Promise<string | undefined> {
    // Same naming as the browser shell's FileStore, so a person finds kept files the same way.
    return this.moveAside(key, 'corrupt');
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a store key: ${JSON.stringify(key)}`);
    return path.join(this.cwd, `${key}.json`);
  }

  private open(key: string): Store<Envelope> {
    this.pathOf(key);
    const cached = this.stores.get(key);
    if (cached) return cached;
    const store = new Store<Envelope>({
      name: key,
      cwd: this.cwd,
      // Never start over silently: an unreadable file throws, and is kept aside by the caller.
      clearInvalidConfig: false,
      // Profiles carry (encrypted) secrets: readable by this user only.
      configFileMode: 0o600,
      // `value` is a plain key, not a dot path.
      accessPropertiesByDotNotation: false,
    });
    this.stores.set(key, store);
    return store;
  }

  private forget(key: string): void {
    this.stores.delete(key);
  }

  /** Rename `<key>.json` to `<key>.<label>-<time>.json`; undefined when there was no file. */
  private moveAside(key: string, label: string): string | undefined {
    const file = this.pathOf(key);
    this.forget(key);
    if (!existsSync(file)) return undefined;
    // Colons are not allowed in Windows file names.
    const stamp = new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-');
    let target = path.join(this.cwd, `${key}.${label}-${stamp}.json`);
    for (let n = 2; existsSync(target); n++)
      target = path.join(this.cwd, `${key}.${label}-${stamp}-${n}.json`);
    renameSync(file, target);
    return target;
  }
}

/** electron-store's (conf's) errors for a file that cannot be used at all. */
function isUnreadable(error: unknown): boolean {
  return (
    error instanceof SyntaxError ||
    (error instanceof Error && error.message === 'Failed to decrypt config data.')
  );
}
