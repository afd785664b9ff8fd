import { z } from 'zod';
import type { CodedFieldProblem } from '../shared/domain';
import { LayoutSchema, viewNameKey, type Layout } from '../shared/layout';
import { LIMITS } from '../shared/limits';
import { CoreError } from './core-error';
import type { KeyValueStore, NoticeSink } from './ports';
import { VersionedStore, type Migration } from './versioned-store';

const LayoutsDocSchema = z.object({
  layouts: z.array(LayoutSchema).refine((list) => new Set(list.map((l) => l.id)).size === list.length, {
    message: 'two layouts share an id',
  }),
});
type LayoutsDoc = z.infer<typeof LayoutsDocSchema>;

/** Format 0: a bare array of layouts, stored without the envelope. */
const LAYOUT_MIGRATIONS: readonly Migration[] = [
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
  const keptIds = new Set<string>();
  const lost: string[] = [];
  list.forEach((item, i) => {
    const parsed = LayoutSchema.safeParse(item);
    const name =
      (item as { name?: unknown; id?: unknown } | null)?.name ?? (item as { id?: unknown } | null)?.id;
    if (parsed.success && !keptIds.has(parsed.data.id)) {
      kept.push(parsed.data);
      keptIds.add(parsed.data.id);
    } else lost.push(typeof name === 'string' ? `"${name}"` : `layout ${i + 1}`);
  });
  return { value: { layouts: kept }, lost };
}

/**
 * Where each of `layouts` would clash by name with another view once saved over `saved` (or with one
 * before it in `layouts`), case and spaces aside. A view that keeps the name it is stored under is
 * never refused for it (views saved before the rule may share a name).
 */
export function viewNameClashes(
  saved: readonly Pick<Layout, 'id' | 'name'>[],
  layouts: readonly Pick<Layout, 'id' | 'name'>[],
): { index: number; name: string; holder: Pick<Layout, 'id' | 'name'> }[] {
  const stored = new Map(saved.map((l) => [l.id, l]));
  const holders = new Map<string, Pick<Layout, 'id' | 'name'>>();
  for (const l of saved) if (!holders.has(viewNameKey(l.name))) holders.set(viewNameKey(l.name), l);
  const clashes: { index: number; name: string; holder: Pick<Layout, 'id' | 'name'> }[] = [];
  layouts.forEach((layout, index) => {
    const key = viewNameKey(layout.name);
    const before = stored.get(layout.id);
    if (before && viewNameKey(before.name) !== key && holders.get(viewNameKey(before.name))?.id === layout.id)
      holders.delete(viewNameKey(before.name));
    const holder = holders.get(key);
    const keepsItsName = before !== undefined && viewNameKey(before.name) === key;
    if (holder && holder.id !== layout.id && !keepsItsName)
      clashes.push({ index, name: layout.name, holder });
    else holders.set(key, layout);
    stored.set(layout.id, layout);
  });
  return clashes;
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

  /**
   * Insert or replace each layout by id, in one write; linear in the views saved and given. Refused
   * (nothing written) past LIMITS.views views, or when a view would take another's name.
   */
  async saveMany(layouts: readonly Layout[]): Promise<Layout[]> {
    const doc = await this.doc.update((d) => {
      const clashes = viewNameClashes(d.layouts, layouts);
      if (clashes.length) {
        const problems: CodedFieldProblem[] = clashes.map((c) => ({
          path: layouts.length === 1 ? 'name' : `[${c.index}].name`,
          message: `another view is already called "${c.holder.name}"`,
          code: 'problem.nameTaken',
          params: { name: c.holder.name },
        }));
        throw new CoreError(
          'invalid-input',
          `Another view is already called "${clashes[0].holder.name}".`,
          problems,
          { code: 'layout.nameTaken', params: { name: clashes[0].holder.name } },
        );
      }
      const next = [...d.layouts];
      const at = new Map(next.map((l, i) => [l.id, i]));
      for (const layout of layouts) {
        const i = at.get(layout.id);
        if (i !== undefined) next[i] = layout;
        else at.set(layout.id, next.push(layout) - 1);
      }
      if (next.length > LIMITS.views && next.length > d.layouts.length)
        throw new CoreError(
          'invalid-input',
          `At most ${LIMITS.views} views can be saved (${d.layouts.length} are): remove some first.`,
          undefined,
          { code: 'layout.tooMany', params: { max: LIMITS.views, saved: d.layouts.length } },
        );
      return { layouts: next };
    });
    return doc.layouts;
  }

  /**
   * Write device names into the layouts that lack them (device-name-lookup.ts), in one write and
   * against the layouts as stored at that moment, so an edit saved meanwhile is kept: `name` gives a
   * layout with names added, or undefined to leave it. Returns the ids changed; nothing is written
   * when none is.
   */
  async fillDeviceNames(name: (layout: Layout) => Layout | undefined): Promise<string[]> {
    if (!(await this.list()).some((l) => name(l) !== undefined)) return [];
    const changed: string[] = [];
    await this.doc.update((d) => ({
      layouts: d.layouts.map((l) => {
        const named = name(l);
        if (named) changed.push(l.id);
        return named ?? l;
      }),
    }));
    return changed;
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
