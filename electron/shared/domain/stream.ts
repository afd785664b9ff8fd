import { z } from 'zod';

/** The URL fields of the stream playback result (spec 2.1), by family. */
export const STREAM_URL_FIELDS = [
  'flv',
  'https_flv',
  'ws_flv',
  'wss_flv',
  'fmp4',
  'https_fmp4',
  'ws_fmp4',
  'wss_fmp4',
  'hls',
  'https_hls',
  'ws_hls',
  'wss_hls',
  'ts',
  'https_ts',
  'ws_ts',
  'wss_ts',
  'rtmp',
  'rtmps',
  'rtsp',
  'rtsps',
  'rtc',
] as const;
export type StreamUrlField = (typeof STREAM_URL_FIELDS)[number];

const STREAM_ID_FIELDS = ['streamId', 'sipId', 'channelId'] as const;

const urlFields = Object.fromEntries(STREAM_URL_FIELDS.map((f) => [f, z.string()])) as Record<
  StreamUrlField,
  z.ZodString
>;

/** The stream playback result exactly as the spec describes it: 24 string fields. */
export const StreamPlaybackSchema = z.object({
  streamId: z.string(),
  sipId: z.string(),
  channelId: z.string(),
  ...urlFields,
});
export type StreamPlayback = z.infer<typeof StreamPlaybackSchema>;

// `.optional()` (not a union with z.undefined()) is what makes a key optional in zod 4.
const lenient = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/**
 * What the client accepts from a real platform: any field may be missing or null (read as ''),
 * numbers are read as strings, but at least one URL must be present.
 */
export const StreamPlaybackReadSchema = z
  .object(
    Object.fromEntries([...STREAM_ID_FIELDS, ...STREAM_URL_FIELDS].map((f) => [f, lenient])) as Record<
      keyof StreamPlayback,
      typeof lenient
    >,
  )
  .refine((s) => STREAM_URL_FIELDS.some((f) => s[f] !== ''), {
    message: 'the stream result holds no playback URL',
    params: { code: 'problem.stream.noPlaybackUrl' },
  });
