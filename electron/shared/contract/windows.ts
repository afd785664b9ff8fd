import { z } from 'zod';

/** A rectangle in screen coordinates (device-independent pixels), as Electron's screen module gives them. */
export const RectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type Rect = z.infer<typeof RectSchema>;

/** A display the desktop app can open a view on (`displays:list`). */
export const DisplayInfoSchema = z.object({
  /** Electron's display id: stable for a monitor across runs on most systems. */
  id: z.number().int(),
  /** What the operator reads: "Display 2 (DELL U2720Q), 2560 × 1440". */
  label: z.string(),
  primary: z.boolean(),
  bounds: RectSchema,
  /** The part of it windows may use (without task bar, menu bar, dock). */
  workArea: RectSchema,
});
export type DisplayInfo = z.infer<typeof DisplayInfoSchema>;

/** Open a saved view in a window of its own; on `displayId` (the primary display when absent or gone). */
export const WindowOpenInputSchema = z.object({
  layoutId: z.string().min(1).max(200),
  displayId: z.number().int().optional(),
});
export type WindowOpenInput = z.infer<typeof WindowOpenInputSchema>;

export const WindowOpenedSchema = z.object({
  /** The display the window went to (another one when the asked one is gone). */
  displayId: z.number().int(),
  /** The view was already open in a window: that one was brought forward (and moved there). */
  focusedExisting: z.boolean(),
});
export type WindowOpened = z.infer<typeof WindowOpenedSchema>;
