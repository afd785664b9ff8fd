import { z } from 'zod';

/**
 * The operator log: what happened on the wall, for the people who run it. A tile went stale, failed
 * or recovered; a device was assigned to a tile or cleared from it; a tour switched page; a tile's
 * decode rate changed (degraded to overview pictures, restored to full rate); a console or a script
 * of the control room told one of this PC's screens what to show (or the screen refused it).
 */
const OPERATOR_EVENT_KINDS = [
  'stale',
  'failed',
  'recovered',
  'assigned',
  'cleared',
  'tour-switch',
  'degraded',
  'restored',
  /** The control room changed what one of this PC's screens shows, or the screen refused a command. */
  'room-command',
] as const;
const OperatorEventKindSchema = z.enum(OPERATOR_EVENT_KINDS);
export type OperatorEventKindName = z.infer<typeof OperatorEventKindSchema>;

/** Bounds of what one entry may carry (longer text is refused at the door, not cut silently). */
export const OPLOG_LIMITS = {
  deviceKey: 200,
  deviceName: 200,
  reason: 500,
  /** Entries in one oplog:append call. */
  batch: 500,
  /** Entries in one page of oplog:list. */
  page: 500,
} as const;

/** Why a tile does not play, as the wall engine names it (src/lib/wall-engine/failure.ts FailureReason). */
const OPLOG_FAILURE_REASONS = [
  'device-offline',
  'forbidden',
  'auth',
  'not-found',
  'codec-unsupported',
  'network',
  'media-server',
  'no-playable-url',
  'media-error',
  'connection-limit',
  'platform-error',
  'stalled',
] as const;

/** What the load monitor found, with its figure (percent, ms, seconds, or Compute Pressure's state). */
const OplogLoadCauseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['dropped', 'not-shown', 'busy']), percent: z.number() }),
  z.object({ kind: z.literal('late'), ms: z.number() }),
  z.object({ kind: z.enum(['behind', 'behind-growing']), seconds: z.number() }),
  z.object({ kind: z.literal('pressure'), state: z.enum(['nominal', 'fair', 'serious', 'critical']) }),
]);
export type OplogLoadCause = z.infer<typeof OplogLoadCauseSchema>;

const text = z.string().max(OPLOG_LIMITS.reason);
const count = z.number().int().min(0).max(1_000_000);

/**
 * What an event says, as a stable kind and its parameters, so the log is worded in the language the
 * operator reads it in (the renderer's catalogs), whenever that is. Stored beside `reason`, the
 * English text, which the CSV export and entries written before this existed keep.
 */
const OperatorEventWordsSchema = z.discriminatedUnion('kind', [
  /** A tile went stale or failed: the failure's reason and the engine's or platform's detail. */
  z.object({
    kind: z.literal('tile-trouble'),
    failure: z.object({ reason: z.enum(OPLOG_FAILURE_REASONS).nullable(), detail: text.optional() }),
  }),
  /** A tile plays again, after this long without a picture (absent: too short to say). */
  z.object({ kind: z.literal('tile-recovered'), outMs: z.number().min(0).optional() }),
  /** A tile went to overview pictures: why, and the load monitor's finding when the load moved it. */
  z.object({
    kind: z.literal('rate-overview'),
    why: z.enum(['load', 'start-up', 'pinned']).nullable(),
    cause: OplogLoadCauseSchema.optional(),
  }),
  z.object({ kind: z.literal('rate-full') }),
  /** A tour showed a page (page counts from 1), or started on its first. */
  z.object({
    kind: z.enum(['tour-page', 'tour-started']),
    tour: text,
    page: count,
    of: count,
    view: text.nullable(),
  }),
  /** A device put on or taken off a tile: its cell (null: no cell) of the view (null: no view). */
  z.object({
    kind: z.enum(['put-on', 'taken-off']),
    cell: z.object({ column: count, row: count }).nullable(),
    view: z.object({ name: text, columns: count, rows: count }).nullable(),
  }),
  /** A tile kept its device and cell, and changed channel (null: the default) or caption. */
  z.object({
    kind: z.literal('tile-changed'),
    channel: z.object({ from: text.nullable(), to: text.nullable() }).optional(),
    caption: z.object({ from: text, to: text }).optional(),
    cell: z.object({ column: count, row: count }).nullable(),
    view: z.object({ name: text, columns: count, rows: count }).nullable(),
  }),
  /** A tour stopped; `why` is the app's own words for it (already in the operator's language). */
  z.object({ kind: z.literal('tour-stopped'), tour: text, why: text.optional() }),
]);
export type OperatorEventWords = z.infer<typeof OperatorEventWordsSchema>;

/** One event as the renderer reports it. `at` is epoch ms (the renderer's clock, the same machine). */
export const OperatorEventInputSchema = z.object({
  at: z.number().int().min(0).max(8_640_000_000_000_000),
  kind: OperatorEventKindSchema,
  deviceKey: z
    .string()
    .max(OPLOG_LIMITS.deviceKey, `at most ${OPLOG_LIMITS.deviceKey} characters`)
    .optional(),
  deviceName: z
    .string()
    .max(OPLOG_LIMITS.deviceName, `at most ${OPLOG_LIMITS.deviceName} characters`)
    .optional(),
  /** Plain words: why. Secrets and the query of any URL are taken out before it is kept. */
  reason: z.string().max(OPLOG_LIMITS.reason, `at most ${OPLOG_LIMITS.reason} characters`).optional(),
  /** What it says as a kind and parameters, worded when shown; `reason` stays its English text. */
  words: OperatorEventWordsSchema.optional(),
});
export type OperatorEventInput = z.infer<typeof OperatorEventInputSchema>;

/** One kept entry: numbered in the order the core received it (ids only grow, across restarts). */
export const OperatorLogEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.number(),
  kind: OperatorEventKindSchema,
  deviceKey: z.string().nullable(),
  deviceName: z.string().nullable(),
  reason: z.string().nullable(),
  /** Absent in entries written before the log kept it, and in events that have none. */
  words: OperatorEventWordsSchema.optional(),
});
export type OperatorLogEntry = z.infer<typeof OperatorLogEntrySchema>;

/** Which entries: every filter given must match (kinds: any of them; device: text in its name or key). */
export const OperatorLogFilterSchema = z.object({
  kinds: z.array(OperatorEventKindSchema).max(OPERATOR_EVENT_KINDS.length).optional(),
  /** Text found (case-insensitively) in the device's name or key. */
  device: z.string().max(OPLOG_LIMITS.deviceName).optional(),
  /** From this time on (epoch ms, inclusive). */
  from: z.number().optional(),
  /** Up to this time (epoch ms, inclusive). */
  to: z.number().optional(),
});
export type OperatorLogFilter = z.infer<typeof OperatorLogFilterSchema>;

export const OperatorLogListInputSchema = OperatorLogFilterSchema.extend({
  /** Paging: entries older than this id (the last id of the page before). */
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(OPLOG_LIMITS.page).optional(),
});

export const OperatorLogPageSchema = z.object({
  /** Newest first. */
  entries: z.array(OperatorLogEntrySchema),
  /** Entries matching the filter in the whole log. */
  total: z.number().int(),
  /** More (older) entries match beyond this page: ask again with `beforeId` = the last id here. */
  more: z.boolean(),
  /** How many entries the log keeps at most (the oldest are dropped first). */
  capacity: z.number().int(),
});
export type OperatorLogPage = z.infer<typeof OperatorLogPageSchema>;

export const OperatorLogCsvSchema = z.object({
  /** RFC 4180: CRLF line ends, a header row, fields quoted where needed; oldest first. */
  csv: z.string(),
  rows: z.number().int(),
  /** A file name for it: `operator-log-2026-11-24-2018.csv`. */
  fileName: z.string(),
});
