import { slugId } from '../../shared/slug-id';
import { tourReferenceProblems, type Tour } from '../../shared/tour';
import { CoreError, summarizeProblems } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/**
 * Saved tours. A tour must point at saved views (and a cycling tile at a cell of its view); a view
 * a tour shows cannot be removed until the tour no longer shows it (layout-handlers.ts).
 */
export function tourHandlers(
  ctx: CoreContext,
): Pick<CoreHandlers, 'tours:list' | 'tours:save' | 'tours:remove'> {
  const { tours, layouts } = ctx;
  return {
    'tours:list': () => tours.list(),

    'tours:save': async (draft) => {
      const views = new Map((await layouts.list()).map((l) => [l.id, l]));
      const problems = tourReferenceProblems(draft, views);
      if (problems.length)
        throw new CoreError(
          'invalid-input',
          `The tour "${draft.name}" was not saved: ${summarizeProblems(problems)}.`,
          problems,
          { code: 'tour.notSaved', params: { name: draft.name, count: problems.length } },
        );
      const taken = new Set((await tours.list()).map((t) => t.id));
      const tour = {
        ...draft,
        id: draft.id ?? slugId(draft.name, (id) => taken.has(id), 'tour'),
      } as Tour;
      await tours.saveMany([tour]);
      await ctx.announce.tours();
      return tour;
    },

    'tours:remove': async ({ id }) => {
      const removed = await tours.remove(id);
      if (removed) await ctx.announce.tours();
      return { removed };
    },
  };
}
