import { KEY_BYTES } from './aes-gcm-cipher';
import { checkKeyId, type KeyStore } from '../key-store';

/**
 * One keyring entry: the part of `@napi-rs/keyring`'s Entry (sync) or AsyncEntry (async) the shell
 * uses. Tests pass an in-memory fake with the same shape.
 */
export interface KeyringEntry {
  /** null when the entry holds no password; throws when the keyring does not answer. */
  getPassword(): string | null | Promise<string | null>;
  setPassword(password: string): void | Promise<void>;
  /** true when something was deleted, false when there was nothing. */
  deletePassword(): boolean | Promise<boolean>;
}

/** Opens the entry of (service, account); may throw (no keyring here) like `new Entry(...)` does. */
export type OpenKeyringEntry = (service: string, account: string) => KeyringEntry | Promise<KeyringEntry>;

/** The keyring entries' service: what the user sees in Seahorse, Keychain Access or Credential Manager. */
export const KEYRING_SERVICE = 'control-room-wall';

export interface KeyringKeyStoreOptions {
  /** How to name the keyring in describe(); default from the platform ("Secret Service" on Linux). */
  label?: string;
  /**
   * A keyring call that has not answered by then counts as no answer (default 30 s). A locked
   * keyring may ask its owner to unlock it; a bus that never answers must not hang the start-up.
   */
  timeoutMs?: number;
}

/**
 * The data key in the operating system's keyring (tier 'strong').
 *
 * The key is stored base64 under service `control-room-wall`, account `web-shell:<id>`. Every call
 * may throw: no keyring on this machine (a headless Linux box has no Secret Service), a locked
 * one, or one that does not answer in time; openDataFolder then keeps the key in a file instead.
 * create() reads the key back before it counts as stored.
 */
export class KeyringKeyStore implements KeyStore {
  readonly kind = 'keyring';
  private readonly label: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly openEntry: OpenKeyringEntry = openOsKeyringEntry,
    options: KeyringKeyStoreOptions = {},
  ) {
    this.label = options.label ?? osKeyringLabel(process.platform);
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  where(): string {
    return `the OS keyring (${this.label})`;
  }

  async read(id: string): Promise<Buffer | undefined> {
    const entry = await this.entry(id);
    const text = await this.answer(() => entry.getPassword(), 'read');
    if (text === null) return undefined;
    const key = Buffer.from(text, 'base64');
    if (key.length !== KEY_BYTES || key.toString('base64') !== text)
      throw new Error(`the keyring entry ${this.account(id)} does not hold a ${KEY_BYTES}-byte key`);
    return key;
  }

  async create(id: string, key: Buffer): Promise<void> {
    const entry = await this.entry(id);
    if ((await this.answer(() => entry.getPassword(), 'read')) !== null)
      throw new Error(`the keyring entry ${this.account(id)} exists already`);
    await this.answer(() => entry.setPassword(key.toString('base64')), 'write');
    const back = await this.read(id).catch(() => undefined);
    if (!back?.equals(key)) {
      await this.remove(id).catch(() => undefined);
      throw new Error('the keyring did not keep the key it was given');
    }
  }

  async remove(id: string): Promise<void> {
    const entry = await this.entry(id);
    await this.answer(() => entry.deletePassword(), 'delete');
  }

  private account(id: string): string {
    return `web-shell:${checkKeyId(id)}`;
  }

  private async entry(id: string): Promise<KeyringEntry> {
    return this.answer(() => this.openEntry(KEYRING_SERVICE, this.account(id)), 'open');
  }

  /** The call's answer, or a rejection when it throws or has not answered within timeoutMs. */
  private answer<T>(call: () => T | Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the ${this.label} did not answer (${what}) within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    return Promise.race([Promise.resolve().then(call), late]).finally(() => clearTimeout(timer));
  }
}

/**
 * An entry of the real OS keyring through `@napi-rs/keyring` (keyring-rs; prebuilt binaries).
 *
 * Loaded on first use, so a platform without a prebuilt binary gets no keyring (the key goes to a
 * file) rather than a shell that cannot start. On Linux the entry is pinned to the Secret Service:
 * unpinned, the binding falls back to the kernel keyutils keyring, which lives in memory only and
 * is empty after a reboot, so every stored secret would be lost with it. AsyncEntry keeps the
 * event loop free while a keyring asks its owner to unlock it.
 */
export async function openOsKeyringEntry(service: string, account: string): Promise<KeyringEntry> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  return new AsyncEntry(
    service,
    account,
    process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined,
  );
}

function osKeyringLabel(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}
