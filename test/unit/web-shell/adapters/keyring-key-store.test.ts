import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KEYRING_SERVICE,
  KeyringKeyStore,
  type KeyringEntry,
  type OpenKeyringEntry,
} from '../../../../electron/web-shell/adapters/keyring-key-store';
import { MemoryKeyring } from '../memory-keyring';

const ID = '3f2a9c1e-0b7d-4e55-9a1f-0c2d3e4f5a6b';

describe('KeyringKeyStore', () => {
  it('keeps a 32-byte key in the keyring under control-room-wall / web-shell:<id>, and reads it back', async () => {
    const keyring = new MemoryKeyring();
    const store = new KeyringKeyStore(keyring.open, { label: 'Secret Service' });
    const key = randomBytes(32);
    expect(await store.read(ID)).toBeUndefined();
    await store.create(ID, key);
    expect(keyring.entries.get(`${KEYRING_SERVICE}/web-shell:${ID}`)).toBe(key.toString('base64'));
    expect((await store.read(ID))?.equals(key)).toBe(true);
    expect(store.where()).toBe('the OS keyring (Secret Service)');
    expect(store.kind).toBe('keyring');

    await store.remove(ID);
    expect(keyring.entries.size).toBe(0);
    await store.remove(ID); // nothing there: no error
  });

  it('never writes over a key that is there', async () => {
    const keyring = new MemoryKeyring();
    const store = new KeyringKeyStore(keyring.open);
    const first = randomBytes(32);
    await store.create(ID, first);
    await expect(store.create(ID, randomBytes(32))).rejects.toThrow('exists already');
    expect((await store.read(ID))?.equals(first)).toBe(true);
  });

  it('passes on the keyring failing (no Secret Service), so the caller can fall back', async () => {
    const store = new KeyringKeyStore(MemoryKeyring.unavailable().open);
    await expect(store.read(ID)).rejects.toThrow('DBus error');
    await expect(store.create(ID, randomBytes(32))).rejects.toThrow('DBus error');
  });

  it('counts a keyring that takes the key but does not give it back as failing, and leaves no entry', async () => {
    const keyring = new MemoryKeyring();
    const forgetful: OpenKeyringEntry = (service, account) => {
      const entry = keyring.open(service, account) as KeyringEntry;
      return {
        getPassword: () => entry.getPassword(),
        setPassword: () => entry.setPassword('c2hvcnQ='), // keeps 5 bytes, not the key
        deletePassword: () => entry.deletePassword(),
      };
    };
    const store = new KeyringKeyStore(forgetful);
    await expect(store.create(ID, randomBytes(32))).rejects.toThrow('did not keep the key');
    expect(keyring.entries.size).toBe(0);
  });

  it('counts a keyring that does not answer in time as failing', async () => {
    const store = new KeyringKeyStore(
      () => ({
        getPassword: () => new Promise<string | null>(() => undefined),
        setPassword: () => undefined,
        deletePassword: () => false,
      }),
      { timeoutMs: 50, label: 'Secret Service' },
    );
    await expect(store.read(ID)).rejects.toThrow('did not answer (read) within 50 ms');
  });

  it('refuses an entry that does not hold a key, and ids that are not its own', async () => {
    const keyring = new MemoryKeyring();
    const store = new KeyringKeyStore(keyring.open);
    keyring.entries.set(`${KEYRING_SERVICE}/web-shell:${ID}`, 'hunter2');
    await expect(store.read(ID)).rejects.toThrow('does not hold a 32-byte key');
    await expect(store.read('../other')).rejects.toThrow('not a key id');
  });

  it('loads the real binding (prebuilt), pinned to the Secret Service on Linux', async () => {
    const binding = await import('@napi-rs/keyring');
    expect(typeof binding.AsyncEntry).toBe('function');
    if (process.platform !== 'linux') return;
    // Without a session bus the Secret Service cannot answer. Unpinned, the binding would fall back
    // to the kernel keyring, which forgets every key at reboot: the entry must fail instead.
    const { openOsKeyringEntry } = await import('../../../../electron/web-shell/adapters/keyring-key-store');
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
    try {
      await expect(openOsKeyringEntry(KEYRING_SERVICE, 'web-shell:probe')).rejects.toThrow(/DBus/i);
    } finally {
      if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });
});
