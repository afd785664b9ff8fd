import { safeStorage } from 'electron';
import type { CipherTier } from '../../shared/profile';
import type { SecretCipher, StorageWords } from '../../core/ports';

/** The part of Electron's safeStorage this adapter uses: the async API only (the sync one is gone in Electron 46). */
export type AsyncSafeStorage = Pick<
  Electron.SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>;

type LinuxBackend = ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>;

const LINUX_BACKEND_NAMES: Record<LinuxBackend, string> = {
  basic_text: "Chromium's basic_text store (a fixed key: weak)",
  gnome_libsecret: 'OS keyring (gnome-libsecret)',
  kwallet: 'OS keyring (kwallet)',
  kwallet5: 'OS keyring (kwallet5)',
  kwallet6: 'OS keyring (kwallet6)',
  unknown: 'an unidentified Linux secret store',
};

/**
 * SecretCipher over Electron's safeStorage.
 *
 * Tiers: no encryption at all -> 'unavailable' (nothing may be stored); Linux without a keyring
 * (`basic_text`: a key hard-coded in Chromium, so anyone who can read the file can read the secret)
 * -> 'weak', which the vault only uses after an explicit opt-in; otherwise 'strong' (macOS Keychain,
 * Windows DPAPI, a Linux keyring). Call only after app 'ready': before it, the backend is 'unknown'.
 */
export class SafeStorageCipher implements SecretCipher {
  constructor(
    private readonly storage: AsyncSafeStorage = safeStorage,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async tier(): Promise<CipherTier> {
    if (!(await this.storage.isAsyncEncryptionAvailable())) return 'unavailable';
    if (this.platform !== 'linux') return 'strong';
    const backend = this.storage.getSelectedStorageBackend();
    // 'unknown' cannot be vouched for: treat it like the fixed-key store.
    return backend === 'basic_text' || backend === 'unknown' ? 'weak' : 'strong';
  }

  async describe(): Promise<string> {
    return (await this.describeCode()).message;
  }

  /** The same as a code (`vault.where.*`) for the renderer to word; a keyring's backend by its name. */
  async describeCode(): Promise<StorageWords> {
    const said = (message: string, code: string, params: Record<string, string> = {}) => ({
      message,
      code: `vault.where.${code}`,
      params,
    });
    if (!(await this.storage.isAsyncEncryptionAvailable())) return said('no OS encryption available', 'none');
    if (this.platform === 'darwin') return said('macOS Keychain', 'keychain');
    if (this.platform === 'win32') return said('Windows DPAPI', 'dpapi');
    const backend = this.storage.getSelectedStorageBackend();
    const message = LINUX_BACKEND_NAMES[backend] ?? 'a Linux secret store';
    if (backend === 'basic_text') return said(message, 'basicText');
    if (backend in LINUX_BACKEND_NAMES && backend !== 'unknown')
      return said(message, 'keyring', { backend: backend.replace('_', '-') });
    return said(message, 'unknownLinux');
  }

  async encrypt(plain: string): Promise<Uint8Array> {
    if ((await this.tier()) === 'unavailable') {
      throw new Error('OS encryption is not available on this machine: secrets cannot be stored.');
    }
    const encrypted = await this.storage.encryptStringAsync(plain);
    return new Uint8Array(encrypted);
  }

  async decrypt(cipher: Uint8Array): Promise<string> {
    // safeStorage also reports shouldReEncrypt (a rotated key); the port has no way to say so yet, and the
    // old cipher text stays readable, so the value is simply returned.
    const { result } = await this.storage.decryptStringAsync(Buffer.from(cipher));
    return result;
  }
}
