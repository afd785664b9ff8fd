import { z } from 'zod';

/** Whether the active profile's platform answers, as the core sees it from its own requests. */
export const PlatformStatusSchema = z.object({
  profileId: z.string().nullable(),
  reachable: z.boolean(),
  /** Epoch ms: since when it has been unreachable (or reachable again). */
  since: z.number(),
  /** In plain words, why it is unreachable; absent while reachable. */
  reason: z.string().optional(),
  /**
   * The reason as a code, for the renderer to word (errors catalog `health.<code>`): `timeout`,
   * `status` (with `reasonStatus`), `noConnection`.
   */
  reasonCode: z.enum(['timeout', 'status', 'noConnection']).optional(),
  reasonStatus: z.number().int().optional(),
  /** The platform's address (origin only), for the banner. */
  origin: z.string().optional(),
});
export type PlatformStatus = z.infer<typeof PlatformStatusSchema>;
