import type { CodedFieldProblem } from '../shared/domain';
import { viewNameKey, type Layout } from '../shared/layout';
import { slugId } from '../shared/slug-id';
import { fileTourReferenceProblems, type Tour, type TourViewRef } from '../shared/tour';
import {
  VIEWS_FORMAT,
  VIEWS_VERSION,
  ViewsDocumentSchema,
  type ImportConflict,
  type ViewsDocument,
  type ViewsImportSummary,
} from '../shared/views-transfer';
import { freeViewName } from './handlers/layout-handlers';
import { LIMITS } from '../shared/limits';
import { errorMap, oversizeLists, parseFailure, repeatedId, schemaProblems } from './file-problems';

/** The document for some saved views and tours: a layout is copied field by field, nothing added. */
export function viewsDocument(
  views: readonly Layout[],
  tours: readonly Tour[],
  exportedAt: string,
): ViewsDocument {
  return ViewsDocumentSchema.parse({
    format: VIEWS_FORMAT,
    version: VIEWS_VERSION,
    exportedAt,
    views,
    tours,
  });
}

/** What is saved here, for checking and placing an import. */
export interface ViewsImportContext {
  views: readonly Layout[];
  tours: readonly Tour[];
  profileIds: readonly string[];
  /** Plays the views whose profile is not on this computer; null: such views are refused. */
  selectedProfileId: string | null;
  onConflict: ImportConflict;
}

interface ViewsImportPlan {
  views: Layout[];
  tours: Tour[];
  summary: ViewsImportSummary;
}

export type ViewsImportCheck =
  { ok: true; plan: ViewsImportPlan } | { ok: false; problems: CodedFieldProblem[] };

/** JSON with its keys sorted, so the same view written in another key order compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Check a views document completely and decide what importing it writes, without writing.
 *
 * Every problem is named by its JSON path (`$.views[2].tiles[0].column`): the shape, duplicate ids,
 * and what each tour shows (in the document or saved here). A view whose id is saved with other
 * content becomes a copy with a new id (or replaces it, as asked); tours follow their views' new
 * ids. A view whose profile is not on this computer plays with the selected profile.
 */
export function checkViewsImport(text: string, ctx: ViewsImportContext): ViewsImportCheck {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [parseFailure(text)] };
  }
  if (!isRecord(data))
    return {
      ok: false,
      problems: [{ path: '$', message: 'must be an object (a views file)', code: 'problem.views.notObject' }],
    };
  if (data.format !== VIEWS_FORMAT)
    return {
      ok: false,
      problems: [
        {
          path: '$.format',
          message:
            `this is not a views file: it must say "format": "${VIEWS_FORMAT}"` +
            (data.format === undefined && 'profiles' in data
              ? ' (this looks like a provisioning file: give it to --provision)'
              : ''),
          ...(data.format === undefined && 'profiles' in data
            ? { code: 'problem.views.provisioningFile', params: { format: VIEWS_FORMAT } }
            : { code: 'problem.views.format', params: { format: VIEWS_FORMAT } }),
        },
      ],
    };
  if (typeof data.version === 'number' && data.version !== VIEWS_VERSION)
    return {
      ok: false,
      problems: [
        {
          path: '$.version',
          message: `version ${data.version} is not supported (this app reads version ${VIEWS_VERSION})`,
          code: 'problem.version',
          params: { version: data.version, supported: VIEWS_VERSION },
        },
      ],
    };

  const oversize = oversizeLists(data, [
    ['views', LIMITS.views, 'views'],
    ['tours', LIMITS.tours, 'tours'],
  ]);
  if (oversize.length) return { ok: false, problems: oversize };

  const parsed = ViewsDocumentSchema.safeParse(data, { error: errorMap });
  const problems: CodedFieldProblem[] = parsed.success ? [] : schemaProblems(parsed.error, data);

  // Cross-checks on the raw document, so every problem is named in one round.
  const rawViews = Array.isArray(data.views) ? data.views.map((v) => (isRecord(v) ? v : {})) : [];
  const rawTours = Array.isArray(data.tours) ? data.tours.map((t) => (isRecord(t) ? t : {})) : [];
  const refs = new Map<string, TourViewRef>(ctx.views.map((v) => [v.id, v]));
  const profileIds = new Set(ctx.profileIds);
  const viewIndex = new Map<string, number>();
  rawViews.forEach((v, i) => {
    problems.push(...repeatedId(v, i, 'views', viewIndex));
    if (typeof v.id !== 'string') return;
    const grid = isRecord(v.grid) ? v.grid : {};
    if (typeof grid.columns === 'number' && typeof grid.rows === 'number')
      refs.set(v.id, {
        id: v.id,
        name: typeof v.name === 'string' ? v.name : undefined,
        grid: { columns: grid.columns, rows: grid.rows },
      });
    if (
      typeof v.profileId === 'string' &&
      v.profileId.trim() !== '' &&
      !profileIds.has(v.profileId) &&
      ctx.selectedProfileId === null
    )
      problems.push({
        path: `$.views[${i}].profileId`,
        message: `no profile "${v.profileId}" on this computer, and no profile is selected to play it instead`,
        code: 'problem.views.noProfile',
        params: { id: v.profileId },
      });
  });
  const tourIndex = new Map<string, number>();
  rawTours.forEach((t, i) => {
    problems.push(...repeatedId(t, i, 'tours', tourIndex));
    problems.push(...fileTourReferenceProblems(t, refs, `$.tours[${i}]`));
  });
  if (problems.length || !parsed.success) return { ok: false, problems: dedupe(problems) };
  return { ok: true, plan: plan(parsed.data, ctx) };
}

/** Each problem once, in the document's order: `$` keys first, then views, then tours, by index. */
function dedupe(problems: CodedFieldProblem[]): CodedFieldProblem[] {
  const seen = new Set<string>();
  const order = (path: string) =>
    path
      .replace(/^\$\.views/, '$~1views')
      .replace(/^\$\.tours/, '$~2tours')
      .replace(/\d+/g, (n) => n.padStart(6, '0'));
  return problems
    .filter((p) => {
      const key = `${p.path}\n${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (order(a.path) < order(b.path) ? -1 : order(a.path) > order(b.path) ? 1 : 0));
}

function plan(doc: ViewsDocument, ctx: ViewsImportContext): ViewsImportPlan {
  const takenViewIds = new Set(ctx.views.map((v) => v.id));
  const profileIds = new Set(ctx.profileIds);
  // Which view holds each name (case and spaces aside): an imported view never takes another's name.
  const viewNames = new Map<string, string>();
  for (const v of ctx.views)
    if (!viewNames.has(viewNameKey(v.name))) viewNames.set(viewNameKey(v.name), v.id);
  const savedView = new Map(ctx.views.map((v) => [v.id, v]));
  const newIds = new Map<string, string>();
  const summary: ViewsImportSummary = { views: [], tours: [] };
  const views: Layout[] = [];

  for (const v of doc.views) {
    const rebind = !profileIds.has(v.profileId);
    const view: Layout = { ...v, profileId: rebind ? ctx.selectedProfileId! : v.profileId };
    const saved = savedView.get(v.id);
    let outcome: ViewsImportSummary['views'][number]['outcome'];
    let placed = view;
    if (!saved) outcome = 'added';
    else if (canonical(saved) === canonical(view)) outcome = 'unchanged';
    else if (ctx.onConflict === 'replace') outcome = 'replaced';
    else {
      outcome = 'copied';
      const name = freeViewName(view.name, new Set(viewNames.keys()), 'imported');
      const id = slugId(name, (x) => takenViewIds.has(x), 'layout');
      placed = { ...view, id, name };
    }
    if (outcome !== 'unchanged') {
      const before = saved && outcome === 'replaced' ? viewNameKey(saved.name) : undefined;
      if (before !== undefined && viewNames.get(before) === placed.id) viewNames.delete(before);
      const holder = viewNames.get(viewNameKey(placed.name));
      if (holder !== undefined && holder !== placed.id)
        placed = { ...placed, name: freeViewName(placed.name, new Set(viewNames.keys()), 'imported') };
    }
    takenViewIds.add(placed.id);
    viewNames.set(viewNameKey(placed.name), placed.id);
    newIds.set(v.id, placed.id);
    if (outcome !== 'unchanged') views.push(placed);
    summary.views.push({
      id: placed.id,
      from: v.id,
      name: placed.name,
      outcome,
      profileId: placed.profileId,
      ...(rebind && { reboundFrom: v.profileId }),
    });
  }

  const takenTourIds = new Set(ctx.tours.map((t) => t.id));
  const tourNames = ctx.tours.map((t) => t.name);
  const savedTour = new Map(ctx.tours.map((t) => [t.id, t]));
  const tours: Tour[] = [];
  for (const t of doc.tours ?? []) {
    const follow = (id: string) => newIds.get(id) ?? id;
    const tour: Tour =
      t.kind === 'views' ? { ...t, views: t.views.map(follow) } : { ...t, view: follow(t.view) };
    const saved = savedTour.get(t.id);
    let outcome: ViewsImportSummary['tours'][number]['outcome'];
    let placed = tour;
    if (!saved) outcome = 'added';
    else if (canonical(saved) === canonical(tour)) outcome = 'unchanged';
    else if (ctx.onConflict === 'replace') outcome = 'replaced';
    else {
      outcome = 'copied';
      const name = freeViewName(tour.name, tourNames, 'imported');
      placed = { ...tour, id: slugId(name, (x) => takenTourIds.has(x), 'tour'), name };
    }
    takenTourIds.add(placed.id);
    tourNames.push(placed.name);
    if (outcome !== 'unchanged') tours.push(placed);
    summary.tours.push({ id: placed.id, from: t.id, name: placed.name, outcome });
  }
  return { views, tours, summary };
}
