import { chmod, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { KEY_BYTES } from './aes-gcm-cipher';
import { checkKeyId, type KeyStore } from '../key-store';

const posix = process.platform !== 'win32';

/**
 * The data key in an owner-only key file on this disk (tier 'file'): `<dir>/<id>.key`.
 *
 * For machines where no OS keyring answers. `dir` is outside the data folder (defaultKeyDir), so a
 * copied or backed-up data folder carries no key; the file is 0600 in a 0700 folder, so other
 * users cannot read it, but anything running as this user (or root) can. A key file is created
 * once ('wx': never over another) and flushed; one that others could read is tightened to 0600.
 */
export class KeyFileStore implements KeyStore {
  readonly kind = 'file';

  constructor(readonly dir: string) {}

  fileOf(id: string): string {
    return path.join(this.dir, `${checkKeyId(id)}.key`);
  }

  where(id: string): string {
    return `a key file on this disk (${this.fileOf(id)}, owner-only 0600, outside the data folder)`;
  }

  async read(id: string): Promise<Buffer | undefined> {
    const file = this.fileOf(id);
    let key: Buffer;
    try {
      key = await readFile(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    if (key.length !== KEY_BYTES)
      throw new Error(`the key file ${file} holds ${key.length} bytes, not ${KEY_BYTES}`);
    if (posix && ((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
    return key;
  }

  async create(id: string, key: Buffer): Promise<void> {
    const file = this.fileOf(id);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // mkdir's mode only applies to folders it creates; an existing one is tightened here.
    if (posix && ((await stat(this.dir)).mode & 0o077) !== 0) await chmod(this.dir, 0o700);
    // 'wx': create only if absent, so a key is never written over another.
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(key);
      await handle.sync();
    } catch (e) {
      await handle.close();
      await rm(file, { force: true });
      throw e;
    }
    await handle.close();
  }

  async remove(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
  }
}
