import { z } from 'zod';
import { LIMITS, plainText } from './limits';

/** The playback transports a tile may try, in the user's order of preference. */
export const TransportSchema = z.enum(['ws-flv', 'flv', 'hls', 'ws-ts', 'ts', 'fmp4', 'ws-fmp4', 'webrtc']);
export type Transport = z.infer<typeof TransportSchema>;

/** WebRTC (the `rtc` URL) after the WebSocket transports: the well-tried MSE path first. */
export const DEFAULT_TRANSPORT_ORDER: Transport[] = [
  'ws-flv',
  'flv',
  'hls',
  'ws-ts',
  'ts',
  'fmp4',
  'ws-fmp4',
  'webrtc',
];

/**
 * The "lowest latency" preset: WebRTC first (the browser's jitter buffer holds tens of milliseconds where
 * MSE players keep a fraction of a second), then the rest of `order` as it was.
 */
export function lowestLatencyOrder(order: readonly Transport[] = DEFAULT_TRANSPORT_ORDER): Transport[] {
  return ['webrtc', ...order.filter((t) => t !== 'webrtc')];
}

/** Status code (as text, "0", "1", ...) to the label an operator reads. The spec leaves the meanings open. */
const LEGEND_ENTRIES = 200;
const legend = z
  .record(
    z
      .string()
      .max(20, 'at most 20 characters')
      .regex(/^-?\d+$/, 'a status code is a whole number'),
    plainText(60),
  )
  .refine((codes) => Object.keys(codes).length <= LEGEND_ENTRIES, {
    message: `at most ${LEGEND_ENTRIES} status codes`,
    params: { code: 'problem.settings.legendMax', max: LEGEND_ENTRIES },
  });

const StatusLegendSchema = z.object({
  deviceStatus: legend,
  productStatus: legend,
});
export type StatusLegend = z.infer<typeof StatusLegendSchema>;

const KioskSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The layout the app opens on when kiosk mode is on. */
  startLayout: plainText(LIMITS.idRef).nullable(),
  /** Locked: the operator cannot leave the wall or change it. */
  locked: z.boolean(),
  /** Start the app when the user logs in (Windows and macOS login items, a Linux XDG autostart entry). */
  startAtLogin: z.boolean(),
});
export type KioskSettings = z.infer<typeof KioskSettingsSchema>;

/**
 * The language of the app: 'auto' follows the operator's browser or system languages (the best
 * supported match, else English); the others pin it.
 */
export const LanguageSettingSchema = z.enum(['auto', 'en', 'zh-CN']);
export type LanguageSetting = z.infer<typeof LanguageSettingSchema>;

export const SettingsSchema = z.object({
  transportOrder: z
    .array(TransportSchema)
    .min(1, 'keep at least one transport')
    .max(TransportSchema.options.length, 'each transport at most once')
    .refine((list) => new Set(list).size === list.length, {
      message: 'each transport at most once',
      params: { code: 'problem.settings.transportRepeated' },
    }),
  statusLegend: StatusLegendSchema,
  /** Show per-tile playback stats by default. */
  statsOverlay: z.boolean(),
  /** How long a tile scrolled out of view keeps playing before it is stopped. */
  hiddenTileGraceSeconds: z.number().int().min(0).max(3600),
  selectedProfileId: z.string().nullable(),
  kiosk: KioskSettingsSchema,
  /**
   * The automatic decode budget: when the machine is overloaded the wall moves its lowest-priority
   * tiles to overview pictures (keyframes only) and brings them back when load falls.
   */
  decodeBudget: z.boolean(),
  /**
   * Decoded pixels per second this machine sustains (measured by `npm run bench:wall`, entered here);
   * null: the wall's built-in estimate. The status bar warns before the wall asks for more.
   */
  sustainedPixelRate: z.number().int().positive().max(100_000_000_000).nullable(),
  language: LanguageSettingSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  transportOrder: DEFAULT_TRANSPORT_ORDER,
  statusLegend: { deviceStatus: {}, productStatus: {} },
  statsOverlay: false,
  hiddenTileGraceSeconds: 10,
  selectedProfileId: null,
  kiosk: { enabled: false, startLayout: null, locked: false, startAtLogin: false },
  decodeBudget: true,
  sustainedPixelRate: null,
  language: 'auto',
};

/**
 * settings:set takes a patch: top-level fields replace the stored ones; kiosk may be given in part.
 * The selected profile changes only through profiles:select, which checks that it exists.
 */
export const SettingsPatchSchema = SettingsSchema.omit({ kiosk: true, selectedProfileId: true })
  .partial()
  .extend({ kiosk: KioskSettingsSchema.partial().optional() });
export type SettingsPatch = z.input<typeof SettingsPatchSchema>;
