import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ default: {}, safeStorage: {} }));

import { SafeStorageCipher } from '../../../../electron/main/adapters/safe-storage-cipher';

type Backend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

/** A safeStorage whose async half reverses the bytes, and whose deprecated sync half must never be used. */
function fakeSafeStorage({ available = true, backend = 'gnome_libsecret' as Backend } = {}) {
  const forbidden = () => {
    throw new Error('the deprecated sync safeStorage API was called');
  };
  return {
    isAsyncEncryptionAvailable: vi.fn(async () => available),
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(`enc:${plain}`, 'utf8').reverse()),
    decryptStringAsync: vi.fn(async (encrypted: Buffer) => {
      const text = Buffer.from(encrypted).reverse().toString('utf8');
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return { result: text.slice(4), shouldReEncrypt: false };
    }),
    getSelectedStorageBackend: vi.fn(() => backend),
    isEncryptionAvailable: vi.fn(forbidden),
    encryptString: vi.fn(forbidden),
    decryptString: vi.fn(forbidden),
  };
}

function expectNoSyncCalls(storage: ReturnType<typeof fakeSafeStorage>) {
  expect(storage.isEncryptionAvailable).not.toHaveBeenCalled();
  expect(storage.encryptString).not.toHaveBeenCalled();
  expect(storage.decryptString).not.toHaveBeenCalled();
}

describe('SafeStorageCipher', () => {
  it('is strong on a Linux keyring and round-trips through the async API only', async () => {
    const storage = fakeSafeStorage({ backend: 'kwallet5' });
    const cipher = new SafeStorageCipher(storage, 'linux');
    expect(await cipher.tier()).toBe('strong');
    expect(await cipher.describe()).toMatch(/kwallet5/);
    const sealed = await cipher.encrypt('canary-secret-7f3a');
    expect(sealed).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(sealed).toString('utf8')).not.toContain('canary-secret-7f3a');
    expect(await cipher.decrypt(sealed)).toBe('canary-secret-7f3a');
    expect(storage.encryptStringAsync).toHaveBeenCalledWith('canary-secret-7f3a');
    expectNoSyncCalls(storage);
  });

  it("is weak on Linux's basic_text store (and when the backend is unknown)", async () => {
    for (const backend of ['basic_text', 'unknown'] as const) {
      const storage = fakeSafeStorage({ backend });
      const cipher = new SafeStorageCipher(storage, 'linux');
      expect(await cipher.tier(), backend).toBe('weak');
      // Weak still works: the vault decides, after the user opted in.
      expect(await cipher.decrypt(await cipher.encrypt('s'))).toBe('s');
      expectNoSyncCalls(storage);
    }
    expect(
      await new SafeStorageCipher(fakeSafeStorage({ backend: 'basic_text' }), 'linux').describe(),
    ).toMatch(/basic_text/);
  });

  it('is strong on macOS and Windows without asking for a Linux backend', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const storage = fakeSafeStorage({ backend: 'basic_text' });
      expect(await new SafeStorageCipher(storage, platform).tier()).toBe('strong');
      expect(storage.getSelectedStorageBackend).not.toHaveBeenCalled();
    }
    expect(await new SafeStorageCipher(fakeSafeStorage(), 'darwin').describe()).toBe('macOS Keychain');
  });

  it('is unavailable without OS encryption and then refuses to encrypt anything', async () => {
    const storage = fakeSafeStorage({ available: false });
    const cipher = new SafeStorageCipher(storage, 'linux');
    expect(await cipher.tier()).toBe('unavailable');
    await expect(cipher.encrypt('secret')).rejects.toThrow(/not available/);
    expect(storage.encryptStringAsync).not.toHaveBeenCalled();
    expectNoSyncCalls(storage);
  });

  it('fails to decrypt bytes it did not make', async () => {
    const cipher = new SafeStorageCipher(fakeSafeStorage(), 'linux');
    await expect(cipher.decrypt(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });
});
