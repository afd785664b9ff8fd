import type { KeyringEntry, OpenKeyringEntry } from '../../../electron/web-shell/adapters/keyring-key-store';

/**
 * An in-memory OS keyring with the shape of `@napi-rs/keyring`'s Entry.
 *
 * `failure` set: opening an entry and every call throw it, as the real binding does on a Linux box
 * without a Secret Service ("Platform failure: DBus error: …").
 */
export class MemoryKeyring {
  readonly entries = new Map<string, string>();
  failure: Error | undefined;
  /** Calls made, `get|set|delete service/account`, to check what a test caused. */
  readonly calls: string[] = [];

  static unavailable(): MemoryKeyring {
    const keyring = new MemoryKeyring();
    keyring.failure = new Error('Platform failure: DBus error: no Secret Service here');
    return keyring;
  }

  readonly open: OpenKeyringEntry = (service, account) => {
    this.check();
    const name = `${service}/${account}`;
    const entry: KeyringEntry = {
      getPassword: () => {
        this.calls.push(`get ${name}`);
        this.check();
        return this.entries.get(name) ?? null;
      },
      setPassword: (password) => {
        this.calls.push(`set ${name}`);
        this.check();
        this.entries.set(name, password);
      },
      deletePassword: () => {
        this.calls.push(`delete ${name}`);
        this.check();
        return this.entries.delete(name);
      },
    };
    return entry;
  };

  private check(): void {
    if (this.failure) throw this.failure;
  }
}
