import { z } from 'zod';

/** Where the kiosk lock stands, as the screen mirrors it (the core enforces it). */
export const KioskStatusSchema = z.object({
  /** Settings say locked. */
  locked: z.boolean(),
  /** An admin PIN is set (by a provisioning file): a locked kiosk can be unlocked with it. */
  pinSet: z.boolean(),
  /** While an administrator's unlock lasts (epoch ms), changes are allowed; null when not unlocked. */
  unlockedUntil: z.number().nullable(),
  /** After wrong PINs: how long before the next try is taken (ms); 0 when a try is allowed now. */
  retryAfterMs: z.number(),
});
export type KioskStatus = z.infer<typeof KioskStatusSchema>;

export const KioskUnlockInputSchema = z.object({
  pin: z.string().max(64, 'at most 64 characters'),
});
