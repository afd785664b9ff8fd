import { z } from 'zod';

/**
 * The operator log: what happened on the wall, for the people who run it. A tile went stale, failed
 * or recovered; a device was assigned to a tile or cleared from it; a tour switched page; a tile's
 * decode rate changed (degraded to overview pictures, restored to full rate).
 */
export const OPERATOR_EVENT_KINDS = [
  'stale',
  'failed',
  'recovered',
  'assigned',
  'cleared',
  'tour-switch',
  'degraded',
  'restored',
] as const;
export const OperatorEventKindSchema = z.enum(OPERATOR_EVENT_KINDS);
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
