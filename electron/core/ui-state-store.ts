import { z } from 'zod';
import { CoreError } from './core-error';
import type { KeyValueStore } from './ports';

const DOC_KEY = 'ui-state';
export const MAX_UI_ENTRIES = 200;
export const MAX_UI_VALUE_BYTES = 256 * 1024;

const DocSchema = z.object({
  entries: z.record(z.string(), z.object({ value: z.unknown(), at: z.number() })),
});
type Doc = z.infer<typeof DocSchema>;

/**
 * What the screen remembers between runs (which panels were open, the catalog's width, drafts): in
 * the core's store, beside the settings, so it lives with the data folder and not with the page's
 * origin (the browser shell's port can change, and localStorage is per port).
 *
 * Bounded: a value of at most 256 KiB as JSON, at most 200 keys (the oldest written is dropped first).
 * Never a secret: the renderer never holds one to store.
 */
export class UiStateStore {
  private doc: Promise<Doc> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number,
  ) {}

  async get(key: string): Promise<unknown> {
    return (await this.load()).entries[key]?.value ?? null;
  }

  async set(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value ?? null);
    const bytes = new TextEncoder().encode(json).length;
    if (bytes > MAX_UI_VALUE_BYTES)
      throw new CoreError(
        'invalid-input',
        `The value for "${key}" is ${Math.ceil(bytes / 1024)} KiB; at most ${MAX_UI_VALUE_BYTES / 1024} KiB is kept.`,
        [{ path: 'value', message: `at most ${MAX_UI_VALUE_BYTES / 1024} KiB as JSON` }],
      );
    const doc = await this.load();
    if (value === null || value === undefined) delete doc.entries[key];
    else doc.entries[key] = { value: JSON.parse(json) as unknown, at: this.now() };
    const keys = Object.keys(doc.entries);
    if (keys.length > MAX_UI_ENTRIES) {
      const oldest = keys
        .sort((a, b) => doc.entries[a].at - doc.entries[b].at)
        .slice(0, keys.length - MAX_UI_ENTRIES);
      for (const k of oldest) delete doc.entries[k];
    }
    // One write at a time, in order: the last set wins on disk as in memory.
    const snapshot = structuredClone(doc);
    this.writing = this.writing.catch(() => undefined).then(() => this.store.set(DOC_KEY, snapshot));
    await this.writing;
  }

  private load(): Promise<Doc> {
    this.doc ??= this.store
      .get(DOC_KEY)
      .catch(() => undefined)
      .then((raw) => {
        const parsed = DocSchema.safeParse(raw);
        return parsed.success ? parsed.data : { entries: {} };
      });
    return this.doc;
  }
}
