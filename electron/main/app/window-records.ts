import { z } from 'zod';
import type { Logger } from '../../core/logger';
import type { KeyValueStore } from '../../core/ports';
import { RectSchema } from '../../shared/contract';
import type { WindowRecord } from './window-placement';

/** The store key of the windows' document (`wall-windows.json` in the data folder). */
export const WINDOWS_KEY = 'wall-windows';

const RecordSchema = z.object({
  layoutId: z.string().min(1).nullable(),
  displayId: z.number().int(),
  bounds: RectSchema,
  workArea: RectSchema,
  fullscreen: z.boolean(),
});
const DocumentSchema = z.object({ version: z.literal(1), windows: z.array(z.unknown()) });

/**
 * The wall's windows as they were left, in the data folder (the same store as settings and layouts).
 *
 * Read record by record: one that does not read is dropped (and logged), the others come back. A
 * document that does not read at all is kept aside by the store's own rule and the app opens its
 * main window as new.
 */
export class WindowRecords {
  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Logger,
  ) {}

  async load(): Promise<WindowRecord[]> {
    let value: unknown;
    try {
      value = await this.store.get(WINDOWS_KEY);
    } catch (error) {
      this.log.warn('the saved windows could not be read; opening the main window only', {
        error: (error as Error).message,
      });
      return [];
    }
    if (value === undefined) return [];
    const doc = DocumentSchema.safeParse(value);
    if (!doc.success) {
      this.log.warn('the saved windows are not in a known form; opening the main window only');
      return [];
    }
    const records: WindowRecord[] = [];
    for (const [i, raw] of doc.data.windows.entries()) {
      const record = RecordSchema.safeParse(raw);
      if (record.success) records.push(record.data);
      else this.log.warn(`saved window ${i} does not read; it is not restored`);
    }
    // One main window; one window a view.
    const seen = new Set<string | null>();
    return records.filter((r) => !seen.has(r.layoutId) && seen.add(r.layoutId));
  }

  async save(records: readonly WindowRecord[]): Promise<void> {
    await this.store.set(WINDOWS_KEY, { version: 1, windows: records });
  }
}
