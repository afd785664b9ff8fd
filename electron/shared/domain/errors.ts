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

export const FieldProblemSchema = z.object({ path: z.string(), message: z.string() });

/** A platform failure as plain data: safe to log, to send to the renderer, to show. */
export const PlatformErrorDataSchema = z.object({
  kind: PlatformErrorKindSchema,
  status: z.number().int().optional(),
  message: z.string(),
  details: z.array(FieldProblemSchema).optional(),
});
export type PlatformErrorData = z.infer<typeof PlatformErrorDataSchema>;

/** HTTP status to error kind, for any platform that answers with a status. */
export function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status >= 400 && status < 500) return 'invalid-request';
  return 'server';
}
