import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CipherTier } from '../../shared/profile';
import type { SecretCipher } from '../../core/ports';
import { KEY_BYTES, seal, unseal } from './aes-gcm-cipher';

/**
 * @deprecated The browser shell's first SecretCipher, kept only until server.ts opens the data
 * folder with openDataFolder (data-folder.ts), which keeps the key apart from the folder and says
 * its tier truthfully; delete this file then. Its key file in the data folder is what
 * openDataFolder migrates (LEGACY_KEY_FILE_NAME).
 *
 * AES-256-GCM with a random key kept in its own key file.
 *
 * Each value gets a fresh random 96-bit IV; the GCM tag makes tampering or a wrong key fail
 * loudly. The key file is created once with 0600 (owner only) and never rewritten; a key file that
 * is readable by others is tightened to 0600.
 *
 * Tier 'strong', judged so: the key is random per installation and lives apart from the data, so
 * a copied or backed-up data file reveals nothing. Like the OS keychains safeStorage uses, it does
 * not stop malware running as the same user; unlike them it does not tie the key to the login.
 * describe() says exactly this, and the app shows it.
 */
export class AesFileCipher implements SecretCipher {
  private key: Promise<Buffer> | undefined;

  constructor(readonly keyPath: string) {}

  async tier(): Promise<CipherTier> {
    try {
      await this.loadKey();
      return 'strong';
    } catch {
      return 'unavailable';
    }
  }

  async describe(): Promise<string> {
    try {
      await this.loadKey();
      return `AES-256-GCM with a random key in the owner-only (0600) key file ${this.keyPath}`;
    } catch (e) {
      return `unavailable: the key file ${this.keyPath} cannot be used (${(e as Error).message})`;
    }
  }

  async encrypt(plain: string): Promise<Uint8Array> {
    return seal(await this.loadKey(), plain);
  }

  async decrypt(data: Uint8Array): Promise<string> {
    return unseal([await this.loadKey()], data);
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= this.readOrCreateKey().catch((e: unknown) => {
      this.key = undefined;
      throw e;
    });
    return this.key;
  }

  private async readOrCreateKey(): Promise<Buffer> {
    await mkdir(path.dirname(this.keyPath), { recursive: true, mode: 0o700 });
    try {
      // 'wx': create only if absent, so two processes starting at once cannot both write a key.
      const handle = await open(this.keyPath, 'wx', 0o600);
      const key = randomBytes(KEY_BYTES);
      try {
        await handle.writeFile(key);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return key;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const key = await readFile(this.keyPath);
    if (key.length !== KEY_BYTES) throw new Error(`the key file holds ${key.length} bytes, not ${KEY_BYTES}`);
    if (process.platform !== 'win32') {
      const mode = (await stat(this.keyPath)).mode & 0o777;
      if ((mode & 0o077) !== 0) await chmod(this.keyPath, 0o600);
    }
    return key;
  }
}
