import { z } from 'zod';

/** The shortest dwell a tour page may have: shorter, and operators see nothing but switches. */
export const MIN_DWELL_SECONDS = 5;
export const MAX_DWELL_SECONDS = 3600;

const id = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(64, 'at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-", starting with a letter or digit');

const dwellSeconds = z
  .number()
  .int('a whole number of seconds')
  .min(MIN_DWELL_SECONDS, `at least ${MIN_DWELL_SECONDS} seconds`)
  .max(MAX_DWELL_SECONDS, `at most ${MAX_DWELL_SECONDS} seconds`);

/** One device a cycling tile shows in turn. */
export const TourDeviceSchema = z.object({
  deviceKey: z.string().trim().min(1, 'deviceKey is required'),
  sipId: z.string().optional(),
  channelId: z.string().optional(),
  deviceName: z.string().max(200).optional(),
});
export type TourDevice = z.infer<typeof TourDeviceSchema>;

const tourFields = {
  id,
  name: z.string().trim().min(1, 'name is required').max(100, 'at most 100 characters'),
  dwellSeconds,
};

/**
 * A tour (carousel): either saved views (layouts, by id) shown in turn on the whole wall, or one
 * tile of a view that cycles through a list of devices. Saved with the views, exported with them,
 * provisionable.
 */
export const TourSchema = z.discriminatedUnion('kind', [
  z.object({
    ...tourFields,
    kind: z.literal('views'),
    /** Layout ids, in the order shown; a view may appear more than once. */
    views: z.array(id).min(2, 'a tour of views needs at least 2 views').max(64, 'at most 64 views'),
  }),
  z.object({
    ...tourFields,
    kind: z.literal('tile'),
    /** The view (layout id) whose tile cycles. */
    view: id,
    /** The cell of that view that cycles (1-based, like a layout tile's column and row). */
    column: z.number().int().min(1),
    row: z.number().int().min(1),
    devices: z.array(TourDeviceSchema).min(2, 'a cycling tile needs at least 2 devices').max(256),
  }),
]);
export type Tour = z.infer<typeof TourSchema>;

/** What tours:save takes: a tour whose id may be missing (a new one). */
export const TourDraftSchema = z.discriminatedUnion('kind', [
  TourSchema.options[0].extend({ id: id.optional() }),
  TourSchema.options[1].extend({ id: id.optional() }),
]);
export type TourDraft = z.input<typeof TourDraftSchema>;
