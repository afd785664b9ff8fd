import { z } from 'zod';

/** Every way a platform call can fail, as one closed set the UI can explain. */
export const PlatformErrorKindSchema = z.enum([
  'auth',
  'forbidden',
  'not-found',
  'invalid-request',
  'server',
  'network',
  'timeout',
  'bad-response',
  'cancelled',
]);
export type PlatformErrorKind = z.infer<typeof PlatformErrorKindSchema>;

/**
 * The parameters of an error's code, for the renderer to word it in the operator's language: names,
 * numbers and paths, never a secret's value (the core's redactor runs over them as over messages).
 */
export const ErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof ErrorParamsSchema>;

/**
 * One field's problem: its path and the English words, and (when the core knows it) a stable code
 * with parameters the renderer words in the operator's language; an unknown code shows the words.
 */
export const FieldProblemSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: ErrorParamsSchema.optional(),
});
/** A field problem as it crosses to the renderer, with its code when it has one. */
export type CodedFieldProblem = z.infer<typeof FieldProblemSchema>;

/** A platform failure as plain data: safe to log, to send to the renderer, to show. */
export interface PlatformErrorData {
  kind: PlatformErrorKind;
  /** An integer HTTP status, when the platform answered with one. */
  status?: number;
  message: string;
  details?: z.infer<typeof FieldProblemSchema>[];
  /** A stable code for the renderer to word, with its parameters (see AppError.code). */
  code?: string;
  params?: ErrorParams;
}

/** HTTP status to error kind, for any platform that answers with a status. */
export function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status >= 400 && status < 500) return 'invalid-request';
  return 'server';
}
