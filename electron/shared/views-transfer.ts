import { z } from 'zod';
import { LayoutGridSchema, LayoutSchema, LayoutTileSchema } from './layout';
import { LIMITS, plainText } from './limits';
import { TourFileSchema } from './tour';

/**
 * Saved views and tours moved between computers as one JSON document.
 *
 * A view names its profile by id only: the document never carries a credential, a platform
 * address or anything else of a profile. Unknown keys are refused (in a hand-edited file they are
 * almost always typos), so a document is read exactly as it was written.
 */
export const VIEWS_FORMAT = 'control-room-wall/views';
export const VIEWS_VERSION = 1;

const strictTile = LayoutTileSchema.strict();

/** A view as the document carries it: a saved layout, nothing added. */
const TransferViewSchema = z
  .object({
    ...LayoutSchema.shape,
    grid: LayoutGridSchema.strict(),
    tiles: z.array(strictTile).max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} tiles`),
    parked: z
      .array(strictTile)
      .max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} parked tiles`)
      .optional(),
  })
  .strict()
  .superRefine((view, ctx) => {
    // The layout's own checks (tiles in bounds and apart, merged areas), at the same paths.
    const checked = LayoutSchema.safeParse(view);
    if (!checked.success)
      for (const issue of checked.error.issues)
        if (issue.code === 'custom')
          // Its code and parameters too (`problem.layout.*`), for the renderer to word.
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: issue.params });
  });

export const ViewsDocumentSchema = z
  .object({
    $schema: z.string().max(LIMITS.url).optional(),
    format: z.literal(VIEWS_FORMAT),
    version: z.literal(VIEWS_VERSION),
    /** When it was exported (ISO 8601), for the people who keep the files. */
    exportedAt: plainText(100).optional(),
    views: z.array(TransferViewSchema).max(LIMITS.views, `at most ${LIMITS.views} views`),
    tours: z.array(TourFileSchema).max(LIMITS.tours, `at most ${LIMITS.tours} tours`).optional(),
  })
  .strict();
export type ViewsDocument = z.infer<typeof ViewsDocumentSchema>;

const idList = z
  .array(plainText(LIMITS.idRef, { required: 'must not be empty' }))
  .max(LIMITS.views + LIMITS.tours);

/** Which views and tours to export; absent: all. Views a chosen tour shows come along. */
export const ViewsExportInputSchema = z
  .object({
    views: idList.optional(),
    /** Absent with `views` given: the tours that show only those views. */
    tours: idList.optional(),
  })
  .optional();

export const ViewsExportSchema = z.object({
  /** The document, pretty-printed JSON. */
  text: z.string(),
  /** A file name to save it under: `views-2026-11-25.json`. */
  fileName: z.string(),
  views: z.number().int(),
  tours: z.number().int(),
});

/**
 * What happens to a view or tour whose id is already saved here (with other content): imported
 * beside it as a copy with a new id (nothing is lost), or written over it. One identical to the
 * saved one is left as it is either way, so importing the same file twice changes nothing.
 */
const ImportConflictSchema = z.enum(['copy', 'replace']);
export type ImportConflict = z.infer<typeof ImportConflictSchema>;

export const ViewsImportInputSchema = z.object({
  text: z.string().max(LIMITS.viewsFileChars, 'the file is larger than 2 MB'),
  onConflict: ImportConflictSchema.default('copy'),
});

const outcome = z.enum(['added', 'copied', 'replaced', 'unchanged']);

export const ViewsImportSummarySchema = z.object({
  views: z.array(
    z.object({
      /** The id it has here (a copy's new id). */
      id: z.string(),
      /** The id the document gave it. */
      from: z.string(),
      name: z.string(),
      outcome,
      profileId: z.string(),
      /** Its profile is not on this computer, so it plays with the selected profile instead. */
      reboundFrom: z.string().optional(),
    }),
  ),
  tours: z.array(z.object({ id: z.string(), from: z.string(), name: z.string(), outcome })),
});
export type ViewsImportSummary = z.infer<typeof ViewsImportSummarySchema>;
