import { z } from 'zod';
import { formatLocalTime } from './local-time';

/**
 * A tile's snapshot: the PNG of its current picture, saved by the desktop app into the Pictures
 * folder (`snapshots:save`) or downloaded by the browser shell, named the same way in both.
 */

/** The largest PNG accepted (an uncompressed-looking 4K frame is ~25 MB). */
export const MAX_SNAPSHOT_BYTES = 40 * 1024 * 1024;
const MAX_BASE64 = Math.ceil(MAX_SNAPSHOT_BYTES / 3) * 4;

export const SnapshotSaveInputSchema = z.object({
  /** The device's name as the tile shows it: the start of the file's name. */
  deviceName: z.string().min(1).max(200),
  /** When the frame was taken (epoch ms): the end of the file's name, in this computer's time. */
  takenAt: z.number().int().nonnegative(),
  /** The PNG, base64. */
  png: z
    .string()
    .min(1)
    .max(MAX_BASE64, `at most ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB of PNG`),
});

export const SnapshotSavedSchema = z.object({
  /** The file's name, as saved (a number added when that name was taken). */
  name: z.string(),
  /** Where it was saved. */
  path: z.string(),
});
export type SnapshotSaved = z.infer<typeof SnapshotSavedSchema>;

/** The first eight bytes of every PNG file. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export const isPng = (bytes: Uint8Array): boolean =>
  bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);

// Characters no file system of Windows, macOS or Linux takes in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_NAME = 80;

/** A device name made safe as the start of a file name on any OS; "Snapshot" when nothing is left. */
export function safeFileStem(name: string): string {
  let stem = name.replace(/\s+/g, ' ').replace(UNSAFE, '-').trim();
  if (stem.length > MAX_NAME) stem = stem.slice(0, MAX_NAME).trim();
  // Windows drops a trailing dot or space; a leading dot hides the file on macOS and Linux.
  stem = stem.replace(/^[.\s-]+|[.\s]+$/g, '');
  if (!stem) return 'Snapshot';
  return RESERVED.test(stem) ? `${stem} camera` : stem;
}

/** `Lobby cam 2026-11-24 23-59-01.png`: the device's name and the local time the frame was taken. */
export function snapshotFileName(deviceName: string, takenAt: number | Date): string {
  return `${safeFileStem(deviceName)} ${formatLocalTime(new Date(takenAt).getTime()).replaceAll(':', '-')}.png`;
}
