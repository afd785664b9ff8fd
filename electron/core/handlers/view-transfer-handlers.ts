import type { Layout } from '../../shared/layout';
import type { Tour } from '../../shared/tour';
import { allOrNothing } from '../all-or-nothing';
import { CoreError, summarizeProblems } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';
import { tourViews } from '../tour-store';
import { checkViewsImport, viewsDocument } from '../views-transfer';

/**
 * Saved views and tours out to a JSON document and back in: no secret in it, and an import is all
 * or nothing (a failure part-way puts both stores back).
 */
export function viewTransferHandlers(ctx: CoreContext): Pick<CoreHandlers, 'views:export' | 'views:import'> {
  const { layouts, tours } = ctx;
  return {
    'views:export': async (input) => {
      const [allViews, allTours] = await Promise.all([layouts.list(), tours.list()]);
      const missing = [
        ...(input?.views ?? []).flatMap((id, i) =>
          allViews.some((v) => v.id === id)
            ? []
            : [
                {
                  path: `views[${i}]`,
                  message: `no saved view "${id}"`,
                  code: 'problem.noSavedView',
                  params: { id },
                },
              ],
        ),
        ...(input?.tours ?? []).flatMap((id, i) =>
          allTours.some((t) => t.id === id)
            ? []
            : [
                {
                  path: `tours[${i}]`,
                  message: `no saved tour "${id}"`,
                  code: 'problem.noSavedTour',
                  params: { id },
                },
              ],
        ),
      ];
      if (missing.length)
        throw new CoreError(
          'invalid-input',
          `Nothing was exported: ${summarizeProblems(missing)}.`,
          missing,
          {
            code: 'views.notExported',
            params: { count: missing.length },
          },
        );

      const viewIds = new Set(input?.views ?? allViews.map((v) => v.id));
      let chosenTours: Tour[];
      if (input?.tours) chosenTours = allTours.filter((t) => input.tours!.includes(t.id));
      else if (input?.views)
        chosenTours = allTours.filter((t) => tourViews(t).every((id) => viewIds.has(id)));
      else chosenTours = allTours;
      // A tour's views come with it, so the document stands on its own on another computer.
      for (const t of chosenTours) for (const id of tourViews(t)) viewIds.add(id);
      const chosenViews: Layout[] = allViews.filter((v) => viewIds.has(v.id));

      const now = new Date(ctx.clock.now());
      const doc = viewsDocument(chosenViews, chosenTours, now.toISOString());
      const day = now.toISOString().slice(0, 10);
      const fileName =
        chosenViews.length === 1 && chosenTours.length === 0
          ? `view-${chosenViews[0].id}-${day}.json`
          : `views-${day}.json`;
      return {
        text: `${JSON.stringify(doc, null, 2)}\n`,
        fileName,
        views: chosenViews.length,
        tours: chosenTours.length,
      };
    },

    'views:import': async ({ text, onConflict }) => {
      const [savedViews, savedTours, profiles, settings] = await Promise.all([
        layouts.list(),
        tours.list(),
        ctx.vault.list(),
        ctx.settings.get(),
      ]);
      const check = checkViewsImport(text, {
        views: savedViews,
        tours: savedTours,
        profileIds: profiles.map((p) => p.id),
        selectedProfileId: settings.selectedProfileId,
        onConflict,
      });
      if (!check.ok) {
        const n = check.problems.length;
        throw new CoreError(
          'invalid-input',
          `The views file was refused and nothing was imported (${n} problem${n === 1 ? '' : 's'}): ` +
            summarizeProblems(check.problems),
          check.problems,
          { code: 'views.refused', params: { count: n } },
        );
      }
      const { plan } = check;
      await allOrNothing(async () => {
        if (plan.views.length) await layouts.saveMany(plan.views);
        if (plan.tours.length) await tours.saveMany(plan.tours);
      }, [() => layouts.restore(savedViews), () => tours.restore(savedTours)]);
      if (plan.views.length) await ctx.announce.layouts();
      if (plan.tours.length) await ctx.announce.tours();
      ctx.log.info(`views imported: ${plan.views.length} view(s), ${plan.tours.length} tour(s) written`);
      return plan.summary;
    },
  };
}
