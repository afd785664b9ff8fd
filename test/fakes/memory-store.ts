import { UnreadableValueError, type KeyValueStore } from '../../electron/core/ports';

/**
 * An in-memory KeyValueStore. Values are copied in and out (as JSON), like a real store, so a
 * caller cannot change what is stored by mutating what it got.
 *
 * `corrupt(key, text)` plants text that is not JSON, as a damaged file would hold; get() then moves
 * it aside (to `<key>.corrupt-<n>`, readable through `aside`) and throws UnreadableValueError.
 */
export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  readonly aside = new Map<string, string>();
  writes = 0;

  async get(key: string): Promise<unknown> {
    const text = this.values.get(key);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const keptAt = await this.setAside(key, 'not valid JSON');
      throw new UnreadableValueError(key, keptAt, 'not valid JSON');
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.values.set(key, JSON.stringify(value));
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }

  async setAside(key: string, _reason: string): Promise<string | undefined> {
    const text = this.values.get(key);
    if (text === undefined) return undefined;
    const where = `${key}.corrupt-${this.aside.size + 1}`;
    this.aside.set(where, text);
    this.values.delete(key);
    return where;
  }

  corrupt(key: string, text: string): void {
    this.values.set(key, text);
  }

  /** Everything stored, as one string: for asserting that no secret is in it. */
  dump(): string {
    return [...this.values.values(), ...this.aside.values()].join('\n');
  }
}
