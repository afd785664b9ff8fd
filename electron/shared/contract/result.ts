import { z } from 'zod';
import { ErrorParamsSchema, FieldProblemSchema, PlatformErrorKindSchema } from '../domain';

/**
 * Every way a channel can fail, as one closed set.
 *
 * The platform's kinds (auth, forbidden, ...) plus the app's own: the input did not validate, the
 * vault refused or could not work, a store could not be read or written, nothing is configured yet
 * (no profile selected), or a bug.
 */
const AppErrorKindSchema = z.enum([
  ...PlatformErrorKindSchema.options,
  'invalid-input',
  'vault',
  /** Secrets could only be stored weakly here and the caller has not accepted that (it may, and save again). */
  'weak-storage',
  'storage',
  'not-configured',
  /** The kiosk is locked: the core refuses every change, whoever asks. */
  'locked',
  'internal',
]);
export type AppErrorKind = z.infer<typeof AppErrorKindSchema>;

/** An error as plain data: safe to send to the renderer and to show. Never carries a secret. */
export const AppErrorSchema = z.object({
  kind: AppErrorKindSchema,
  message: z.string(),
  /** The HTTP status of a platform answer, when there was one. */
  status: z.number().int().optional(),
  /** Field problems, each named by its path (`keys.userKey`, `$.profiles[1].name`, `tiles[2]`). */
  details: z.array(FieldProblemSchema).optional(),
  /**
   * What happened as a stable code (`kiosk.locked`, `input.invalid`, `platform.answered`), for the
   * renderer to word in the operator's language; `message` stays the English words (logs, tests, old
   * callers), shown when the renderer has no words for the code.
   */
  code: z.string().optional(),
  /** The code's parameters: names, numbers, paths; never a secret (they pass the redactor). */
  params: ErrorParamsSchema.optional(),
});
export type AppError = z.infer<typeof AppErrorSchema>;

/** What every channel answers: a value or a typed error, never a lost exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppErrorSchema }),
  ]);
}
