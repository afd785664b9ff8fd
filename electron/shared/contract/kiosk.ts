import { z } from 'zod';

/** Where the kiosk lock stands, as the screen mirrors it (the core enforces it). */
export const KioskStatusSchema = z.object({
  /** Settings say locked. */
  locked: z.boolean(),
  /** An admin PIN is set (by a provisioning file): a locked kiosk can be unlocked with it. */
  pinSet: z.boolean(),
  /** While an administrator's unlock lasts (epoch ms), changes are allowed; null when not unlocked. */
  unlockedUntil: z.number().nullable(),
  /**
   * After wrong PINs: how long before the next try is taken (ms), measured on the core's monotonic
   * clock when this answer was made; 0 when a try is allowed now. A duration, not a moment: the screen
   * adds it to its own clock on arrival, so the two computers' clocks never have to agree. Sent with
   * every refusal too (as `kiosk:changed`), so the screen never reads a wait out of a message.
   */
  retryAfterMs: z.number(),
});
export type KioskStatus = z.infer<typeof KioskStatusSchema>;

export const KioskUnlockInputSchema = z.object({
  pin: z.string().max(64, 'at most 64 characters'),
});
