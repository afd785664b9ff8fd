import { z } from 'zod';
import { LIMITS } from '../shared/limits';
import { TourSchema, type Tour } from '../shared/tour';
import { CoreError } from './core-error';
import type { KeyValueStore, NoticeSink } from './ports';
import { VersionedStore, type Migration } from './versioned-store';

const ToursDocSchema = z.object({
  tours: z.array(TourSchema).refine((list) => new Set(list.map((t) => t.id)).size === list.length, {
    message: 'two tours share an id',
  }),
});
type ToursDoc = z.infer<typeof ToursDocSchema>;

/** Format 1 is the first: tours were never stored before it. */
const TOUR_MIGRATIONS: readonly Migration[] = [];

/** Keep every tour that validates; name the others. */
function salvage(data: unknown): { value: ToursDoc; lost: string[] } | undefined {
  const list = (data as { tours?: unknown } | null)?.tours;
  if (!Array.isArray(list)) return undefined;
  const kept: Tour[] = [];
  const keptIds = new Set<string>();
  const lost: string[] = [];
  list.forEach((item, i) => {
    const parsed = TourSchema.safeParse(item);
    const name =
      (item as { name?: unknown; id?: unknown } | null)?.name ?? (item as { id?: unknown } | null)?.id;
    if (parsed.success && !keptIds.has(parsed.data.id)) {
      kept.push(parsed.data);
      keptIds.add(parsed.data.id);
    } else lost.push(typeof name === 'string' ? `"${name}"` : `tour ${i + 1}`);
  });
  return { value: { tours: kept }, lost };
}

/** The views a tour shows: every view of a tour of views, the one view of a cycling tile. */
export function tourViews(tour: Tour): string[] {
  return tour.kind === 'views' ? [...new Set(tour.views)] : [tour.view];
}

/** The saved tours (carousels), in the order they were first saved. */
export class TourStore {
  private readonly doc: VersionedStore<ToursDoc>;

  constructor(store: KeyValueStore, onNotice: NoticeSink) {
    this.doc = new VersionedStore({
      store,
      key: 'tours',
      label: 'tours',
      schema: ToursDocSchema,
      migrations: TOUR_MIGRATIONS,
      initial: () => ({ tours: [] }),
      onNotice,
      salvage,
    });
  }

  async list(): Promise<Tour[]> {
    return (await this.doc.load()).tours;
  }

  async get(id: string): Promise<Tour | undefined> {
    return (await this.list()).find((t) => t.id === id);
  }

  /** The tours that show a view (by layout id). */
  async using(viewId: string): Promise<Tour[]> {
    return (await this.list()).filter((t) => tourViews(t).includes(viewId));
  }

  /** Insert or replace each tour by id, in one write (linear); refused past LIMITS.tours tours. */
  async saveMany(tours: readonly Tour[]): Promise<Tour[]> {
    const doc = await this.doc.update((d) => {
      const next = [...d.tours];
      const at = new Map(next.map((t, i) => [t.id, i]));
      for (const tour of tours) {
        const i = at.get(tour.id);
        if (i !== undefined) next[i] = tour;
        else at.set(tour.id, next.push(tour) - 1);
      }
      if (next.length > LIMITS.tours && next.length > d.tours.length)
        throw new CoreError(
          'invalid-input',
          `At most ${LIMITS.tours} tours can be saved (${d.tours.length} are): remove some first.`,
          undefined,
          { code: 'tour.tooMany', params: { max: LIMITS.tours, saved: d.tours.length } },
        );
      return { tours: next };
    });
    return doc.tours;
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.doc.update((d) => {
      const tours = d.tours.filter((t) => t.id !== id);
      removed = tours.length !== d.tours.length;
      return { tours };
    });
    return removed;
  }

  /** Put the whole document back (undo of a failed import). */
  async restore(tours: Tour[]): Promise<void> {
    await this.doc.replace({ tours });
  }
}

/**
 * Tours that show a view no longer saved (a layouts file kept aside as corrupt, edited by hand) are
 * named in a notice at start-up rather than left pointing at nothing silently.
 */
export async function reportDanglingTours(
  tours: TourStore,
  viewIds: readonly string[],
  onNotice: NoticeSink,
): Promise<void> {
  const saved = new Set(viewIds);
  for (const tour of await tours.list()) {
    const gone = tourViews(tour).filter((id) => !saved.has(id));
    if (!gone.length) continue;
    const views = gone.map((id) => `"${id}"`).join(', ');
    onNotice({
      level: 'warning',
      source: 'tours',
      message:
        `The tour "${tour.name}" shows ${gone.length === 1 ? 'a view' : 'views'} no longer saved ` +
        `(${views}): edit the tour or save ${gone.length === 1 ? 'that view' : 'those views'} again.`,
      code: 'notice.tourDangling',
      params: { name: tour.name, views, count: gone.length },
    });
  }
}
