import { z } from 'zod';
import { MAX_GRID } from './layout';
import { displayText, LIMITS, plainText } from './limits';
import type { CodedFieldProblem } from './domain/errors';

/** The shortest dwell a tour page may have: shorter, and operators see nothing but switches. */
export const MIN_DWELL_SECONDS = 5;
const MAX_DWELL_SECONDS = 3600;

const id = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(LIMITS.id, `at most ${LIMITS.id} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-", starting with a letter or digit');

const dwellSeconds = z
  .number()
  .int('a whole number of seconds')
  .min(MIN_DWELL_SECONDS, `at least ${MIN_DWELL_SECONDS} seconds`)
  .max(MAX_DWELL_SECONDS, `at most ${MAX_DWELL_SECONDS} seconds`);

/** One device a cycling tile shows in turn. */
const TourDeviceSchema = z.object({
  deviceKey: plainText(LIMITS.deviceKey, { trim: true, required: 'deviceKey is required' }),
  sipId: plainText(LIMITS.deviceKey).optional(),
  channelId: plainText(LIMITS.deviceKey).optional(),
  deviceName: displayText(LIMITS.deviceName).optional(),
});
export type TourDevice = z.infer<typeof TourDeviceSchema>;

const tourFields = {
  id,
  name: plainText(LIMITS.name, { trim: true, required: 'name is required' }),
  dwellSeconds,
};

/**
 * A tour (carousel): either saved views (layouts, by id) shown in turn on the whole wall, or one
 * tile of a view that cycles through a list of devices. Saved with the views, exported with them,
 * provisionable.
 */
export const TourSchema = z.discriminatedUnion('kind', [
  z.object({
    ...tourFields,
    kind: z.literal('views'),
    /** Layout ids, in the order shown; a view may appear more than once. */
    views: z
      .array(id)
      .min(2, 'a tour of views needs at least 2 views')
      .max(LIMITS.viewsPerTour, `at most ${LIMITS.viewsPerTour} views`),
  }),
  z.object({
    ...tourFields,
    kind: z.literal('tile'),
    /** The view (layout id) whose tile cycles. */
    view: id,
    /** The cell of that view that cycles (1-based, like a layout tile's column and row). */
    column: z.number().int().min(1).max(MAX_GRID),
    row: z.number().int().min(1).max(MAX_GRID),
    devices: z
      .array(TourDeviceSchema)
      .min(2, 'a cycling tile needs at least 2 devices')
      .max(LIMITS.devicesPerTour, `at most ${LIMITS.devicesPerTour} devices`),
  }),
]);
export type Tour = z.infer<typeof TourSchema>;

/** A tour as a file carries it (a views export, a provisioning file): unknown keys refused. */
export const TourFileSchema = z.discriminatedUnion('kind', [
  TourSchema.options[0].strict(),
  TourSchema.options[1]
    .extend({
      devices: z
        .array(TourDeviceSchema.strict())
        .min(2, 'a cycling tile needs at least 2 devices')
        .max(LIMITS.devicesPerTour, `at most ${LIMITS.devicesPerTour} devices`),
    })
    .strict(),
]);

/** What tours:save takes: a tour whose id may be missing (a new one). */
export const TourDraftSchema = z.discriminatedUnion('kind', [
  TourSchema.options[0].extend({ id: id.optional() }),
  TourSchema.options[1].extend({ id: id.optional() }),
]);
export type TourDraft = z.input<typeof TourDraftSchema>;

/** What a tour's references are checked against: each view's id and grid. */
export interface TourViewRef {
  id: string;
  name?: string;
  grid: { columns: number; rows: number };
}

/**
 * Problems with what a tour points at, by path under `at` (`views[1]`, `$.tours[0].column`): every
 * view must exist, and a cycling tile's cell must lie inside its view's grid. An entry of `views`
 * that is not a string is the schema's to name (it keeps its index here).
 */
export function tourReferenceProblems(
  tour:
    | { kind: 'views'; views: readonly unknown[] }
    | { kind: 'tile'; view: string; column: number; row: number },
  views: ReadonlyMap<string, TourViewRef>,
  at = '',
): CodedFieldProblem[] {
  const join = (key: string) => (at === '' ? key : key.startsWith('[') ? `${at}${key}` : `${at}.${key}`);
  const problems: CodedFieldProblem[] = [];
  if (tour.kind === 'views') {
    tour.views.forEach((id, i) => {
      if (typeof id === 'string' && !views.has(id))
        problems.push({
          path: join(`views[${i}]`),
          message: `no view "${id}"`,
          code: 'problem.tour.noView',
          params: { id },
        });
    });
    return problems;
  }
  const view = views.get(tour.view);
  if (!view)
    return [
      {
        path: join('view'),
        message: `no view "${tour.view}"`,
        code: 'problem.tour.noView',
        params: { id: tour.view },
      },
    ];
  if (tour.column > view.grid.columns)
    problems.push({
      path: join('column'),
      message: `the view "${view.name ?? view.id}" has ${view.grid.columns} column${view.grid.columns === 1 ? '' : 's'}`,
      code: 'problem.tour.columns',
      params: { view: view.name ?? view.id, count: view.grid.columns },
    });
  if (tour.row > view.grid.rows)
    problems.push({
      path: join('row'),
      message: `the view "${view.name ?? view.id}" has ${view.grid.rows} row${view.grid.rows === 1 ? '' : 's'}`,
      code: 'problem.tour.rows',
      params: { view: view.name ?? view.id, count: view.grid.rows },
    });
  return problems;
}

/**
 * The same for a tour as a file holds it, before its schema is checked (so a file hears of every
 * problem at once): a field of the wrong type is the schema's to name and is skipped here. A view it
 * names may be in the file or saved on this computer, so a missing one is `problem.tour.noViewInFile`,
 * said with the file's own word for views (`layout` in a provisioning file).
 */
export function fileTourReferenceProblems(
  tour: Readonly<Record<string, unknown>>,
  views: ReadonlyMap<string, TourViewRef>,
  at: string,
  viewWord: 'view' | 'layout' = 'view',
): CodedFieldProblem[] {
  const { kind, view, column, row } = tour;
  const problems =
    kind === 'views' && Array.isArray(tour.views)
      ? tourReferenceProblems({ kind, views: tour.views }, views, at)
      : kind === 'tile' && typeof view === 'string' && typeof column === 'number' && typeof row === 'number'
        ? tourReferenceProblems({ kind, view, column, row }, views, at)
        : [];
  return problems.map((p) =>
    p.code === 'problem.tour.noView'
      ? {
          ...p,
          message: `no ${viewWord} "${String(p.params?.id)}" in this file or saved here`,
          code: 'problem.tour.noViewInFile',
        }
      : p,
  );
}
