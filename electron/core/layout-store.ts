import { z } from 'zod';
import { LayoutSchema, type Layout } from '../shared/layout';
import type { KeyValueStore, NoticeSink } from './ports';
import { VersionedStore, type Migration } from './versioned-store';

const LayoutsDocSchema = z.object({
  layouts: z.array(LayoutSchema).refine((list) => new Set(list.map((l) => l.id)).size === list.length, {
    message: 'two layouts share an id',
  }),
});
type LayoutsDoc = z.infer<typeof LayoutsDocSchema>;

/** Format 0: a bare array of layouts, stored without the envelope. */
export const LAYOUT_MIGRATIONS: readonly Migration[] = [
  (data) => {
    if (!Array.isArray(data)) throw new Error('the layouts are not a list');
    return { layouts: data };
  },
];

/** Keep every layout that validates; name the others. */
function salvage(data: unknown): { value: LayoutsDoc; lost: string[] } | undefined {
  const list = (data as { layouts?: unknown } | null)?.layouts;
  if (!Array.isArray(list)) return undefined;
  const kept: Layout[] = [];
  const lost: string[] = [];
  list.forEach((item, i) => {
    const parsed = LayoutSchema.safeParse(item);
    const name =
      (item as { name?: unknown; id?: unknown } | null)?.name ?? (item as { id?: unknown } | null)?.id;
    if (parsed.success && !kept.some((l) => l.id === parsed.data.id)) kept.push(parsed.data);
    else lost.push(typeof name === 'string' ? `"${name}"` : `layout ${i + 1}`);
  });
  return { value: { layouts: kept }, lost };
}

/** The saved wall layouts, in the order they were first saved. */
export class LayoutStore {
  private readonly doc: VersionedStore<LayoutsDoc>;

  constructor(store: KeyValueStore, onNotice: NoticeSink) {
    this.doc = new VersionedStore({
      store,
      key: 'layouts',
      label: 'layouts',
      schema: LayoutsDocSchema,
      migrations: LAYOUT_MIGRATIONS,
      initial: () => ({ layouts: [] }),
      onNotice,
      salvage,
    });
  }

  async list(): Promise<Layout[]> {
    return (await this.doc.load()).layouts;
  }

  async get(id: string): Promise<Layout | undefined> {
    return (await this.list()).find((l) => l.id === id);
  }

  /** Insert or replace each layout by id, in one write. */
  async saveMany(layouts: readonly Layout[]): Promise<Layout[]> {
    const doc = await this.doc.update((d) => {
      const next = [...d.layouts];
      for (const layout of layouts) {
        const i = next.findIndex((l) => l.id === layout.id);
        if (i >= 0) next[i] = layout;
        else next.push(layout);
      }
      return { layouts: next };
    });
    return doc.layouts;
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.doc.update((d) => {
      const layouts = d.layouts.filter((l) => l.id !== id);
      removed = layouts.length !== d.layouts.length;
      return { layouts };
    });
    return removed;
  }

  /** Put the whole document back (undo of a failed import). */
  async restore(layouts: Layout[]): Promise<void> {
    await this.doc.replace({ layouts });
  }
}
