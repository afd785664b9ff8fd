import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ default: {}, safeStorage: {} }));

import {
  SafeStorageCipher,
  type AsyncSafeStorage,
} from '../../../../electron/main/adapters/safe-storage-cipher';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { codeWords } from '../../../../src/lib/error-words';
import { MemoryStore } from '../../../fakes/memory-store';
import { openCore, value } from '../../../support/core-harness';
import { zhWords } from '../../../support/worded';

type Backend = ReturnType<AsyncSafeStorage['getSelectedStorageBackend']>;

/** The part of safeStorage app:info asks: whether it encrypts, and which Linux store it uses. */
function storage(available: boolean, backend: Backend): AsyncSafeStorage {
  return {
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async () => Buffer.alloc(0),
    decryptStringAsync: async () => ({ result: '', shouldReEncrypt: false }),
  } as unknown as AsyncSafeStorage;
}

/**
 * Settings shows where this machine keeps the secrets: app:info carries the cipher's words with a
 * code (`vault.where.*`), so an operator who reads Chinese reads it in Chinese, and the English
 * catalog says what the cipher says.
 */
describe('where the secrets are kept, in the operator’s language', () => {
  const cases: [string, boolean, NodeJS.Platform, Backend, string][] = [
    ['a Linux keyring', true, 'linux', 'kwallet5', 'vault.where.keyring'],
    ['GNOME’s keyring', true, 'linux', 'gnome_libsecret', 'vault.where.keyring'],
    ['the fixed-key store', true, 'linux', 'basic_text', 'vault.where.basicText'],
    ['an unknown Linux store', true, 'linux', 'unknown', 'vault.where.unknownLinux'],
    ['the macOS Keychain', true, 'darwin', 'unknown', 'vault.where.keychain'],
    ['Windows DPAPI', true, 'win32', 'unknown', 'vault.where.dpapi'],
    ['no encryption at all', false, 'linux', 'unknown', 'vault.where.none'],
  ];
  for (const [what, available, platform, backend, code] of cases)
    it(`${what}: app:info has its code, worded in both catalogs`, async () => {
      const cipher = new SafeStorageCipher(storage(available, backend), platform);
      const { core } = await openCore({ store: new MemoryStore(), cipher });
      const info = value(await core.call('app:info', undefined));
      expect(info.storageCode).toBe(code);
      expect(info.storageDescription).toBe(await cipher.describe());
      startI18n('en');
      expect(codeWords(info.storageCode!, info.storageParams)).toBe(info.storageDescription);
      zhWords({ message: info.storageDescription, code: info.storageCode, params: info.storageParams });
    });

  it('names the keyring’s backend as a parameter', async () => {
    const cipher = new SafeStorageCipher(storage(true, 'gnome_libsecret'), 'linux');
    expect(await cipher.describeCode()).toEqual({
      message: 'OS keyring (gnome-libsecret)',
      code: 'vault.where.keyring',
      params: { backend: 'gnome-libsecret' },
    });
  });
});
