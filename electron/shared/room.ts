import { z } from 'zod';
import { ErrorParamsSchema } from './domain/errors';
import { LayoutAreaSchema, LayoutGridSchema, LayoutTileSchema } from './layout';
import { displayText, LIMITS, plainText } from './limits';
import { TourFileSchema } from './tour';

/**
 * The control room (issue #31): several PCs and operator consoles coordinated through an MQTT broker.
 *
 * This file is the one contract of the room: the topics and their JSON (validated with zod on both
 * ends and published as JSON Schema in `resources/room-*.schema.json`), the room's settings, and the
 * channels' shapes between the renderer and the core. No secret ever travels on the bus: a screen
 * resolves each deviceKey with its own PC's selected profile.
 */

/** The topic root; every topic of the room is under it. Versioned: a breaking change is `v2`. */
export const DEFAULT_ROOM_ROOT = 'control-room-wall/v1';

/** The largest message a screen or console accepts on the bus (a 64-tile view is about 20 KB). */
export const ROOM_MESSAGE_MAX_BYTES = 256 * 1024;

/** What a room name is made of (kept a `pattern` in the published JSON Schemas; see room-problems.ts). */
export const ROOM_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A screen's or a PC's name in the room: one MQTT topic level (no `/`, `+`, `#`). */
export const RoomNameSchema = z
  .string()
  .trim()
  .min(1, 'a name is required')
  .max(LIMITS.id, `at most ${LIMITS.id} characters`)
  .regex(ROOM_NAME_PATTERN, 'letters, digits, ".", "_" or "-", starting with a letter or digit');

/** What a topic root is made of (a `pattern` in the provisioning JSON Schema). */
export const ROOM_ROOT_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** A topic root: levels of letters, digits, ".", "_", "-", joined by "/" (no wildcard, no leading "/"). */
export const RoomRootSchema = z
  .string()
  .trim()
  .max(200, 'at most 200 characters')
  .regex(ROOM_ROOT_PATTERN, 'topic levels of letters, digits, ".", "_" or "-" joined by "/"');

/** The topics of one screen under a root. */
export function screenTopic(root: string, screen: string, leaf: 'desired' | 'reported' | 'presence'): string {
  return `${root}/screens/${screen}/${leaf}`;
}

/** The screen and leaf of a topic under `root`, or null when it is not a screen topic. */
export function parseScreenTopic(
  root: string,
  topic: string,
): { screen: string; leaf: 'desired' | 'reported' | 'presence' } | null {
  const prefix = `${root}/screens/`;
  if (!topic.startsWith(prefix)) return null;
  const [screen, leaf, ...rest] = topic.slice(prefix.length).split('/');
  if (rest.length > 0 || !RoomNameSchema.safeParse(screen).success) return null;
  if (leaf !== 'desired' && leaf !== 'reported' && leaf !== 'presence') return null;
  return { screen, leaf };
}

/**
 * A view sent to a screen: exactly the shape of a provisioning file's layout (`grid`, `tiles` with
 * `deviceKey`, `deviceName`, `column`, `row`, spans, `fit`, `transport`, and `areas`), without the
 * profile (the screen uses its own PC's selected one); `id` and `name` optional.
 */
export const RoomViewSchema = z
  .object({
    id: plainText(LIMITS.id).optional(),
    name: displayText(LIMITS.name).optional(),
    grid: LayoutGridSchema.strict(),
    tiles: z
      .array(LayoutTileSchema.strict())
      .max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} tiles`),
    areas: z
      .array(LayoutAreaSchema.strict())
      .max(LIMITS.tilesPerView, `at most ${LIMITS.tilesPerView} areas`)
      .optional(),
  })
  .strict();
export type RoomView = z.infer<typeof RoomViewSchema>;

/** What a screen is told to show: a view, a tour (provisioning file's tour shape), or nothing. */
const RoomCommandSchema = z.union([
  z.object({ view: RoomViewSchema }).strict(),
  z.object({ tour: TourFileSchema }).strict(),
  z.object({ clear: z.literal(true) }).strict(),
]);
export type RoomCommand = z.infer<typeof RoomCommandSchema>;

const revision = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Who changed a screen: a console's PC name and operator, or a script's own words. */
const by = plainText(LIMITS.name, { trim: true, required: 'by is required' });
const at = z.string().datetime({ offset: true });

/** `screens/<screen>/desired` (retained): the highest `rev` wins, whoever sent it. */
export const RoomDesiredSchema = z.intersection(z.object({ rev: revision, by, at }), RoomCommandSchema);
export type RoomDesired = z.infer<typeof RoomDesiredSchema>;

/** How one tile of a screen is doing, as its wall sees it. */
const RoomTileStateSchema = z.enum(['playing', 'connecting', 'stalled', 'failed', 'idle', 'paused']);
export type RoomTileState = z.infer<typeof RoomTileStateSchema>;

const RoomReportedTileSchema = z.object({
  column: z.number().int().min(1).max(LIMITS.gridSide),
  row: z.number().int().min(1).max(LIMITS.gridSide),
  deviceKey: plainText(LIMITS.deviceKey),
  deviceName: displayText(LIMITS.deviceName).optional(),
  state: RoomTileStateSchema,
});
export type RoomReportedTile = z.infer<typeof RoomReportedTileSchema>;

/** `screens/<screen>/reported` (retained): what the screen applied and shows. */
export const RoomReportedSchema = z.object({
  /** The highest revision applied (0: none yet). */
  rev: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** What it shows: a view (its name and grid), a tour (its name), or nothing. */
  shows: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('view'), name: displayText(LIMITS.name).optional(), grid: LayoutGridSchema }),
    z.object({ kind: z.literal('tour'), name: displayText(LIMITS.name) }),
    z.object({ kind: z.literal('none') }),
  ]),
  tiles: z.array(RoomReportedTileSchema).max(LIMITS.tilesPerView),
  /**
   * The last desired message it refused, with the reason (nothing changed on the screen): its English
   * words, and (from a newer app) the same as a code (`errors:room.rejected.*`) the console words.
   */
  rejected: z
    .object({
      rev: z.number().int().min(0).nullable(),
      reason: z.string().max(500),
      reasonCode: z.string().max(100).optional(),
      reasonParams: ErrorParamsSchema.optional(),
    })
    .optional(),
  /** The app's version on that PC. */
  version: z.string().max(50),
  pc: RoomNameSchema,
  at,
});
export type RoomReported = z.infer<typeof RoomReportedSchema>;

/** `screens/<screen>/presence` (retained; the broker publishes `offline` as the last will). */
export const RoomPresenceSchema = z.object({
  state: z.enum(['online', 'offline']),
  since: at,
  pc: RoomNameSchema.optional(),
});
export type RoomPresence = z.infer<typeof RoomPresenceSchema>;

/** One screen of this PC: a window on a display (1-based, in the order the OS lists displays). */
export const RoomScreenSchema = z.object({
  name: RoomNameSchema,
  display: z.number().int().min(1).max(16).optional(),
});
export type RoomScreen = z.infer<typeof RoomScreenSchema>;

export const RoomBrokerUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.url, `at most ${LIMITS.url} characters`)
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return ['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    {
      message: 'an mqtt://, mqtts://, ws:// or wss:// address with a host',
      params: { code: 'room.problem.brokerUrlForm' },
    },
  );

/** This PC hosting the broker itself (aedes in the core): loopback only unless an interface is chosen. */
const RoomHostedBrokerSchema = z.object({
  enabled: z.boolean(),
  /** The address to listen on; anything but loopback requires a username and password. */
  host: z.string().trim().min(1).max(255).default('127.0.0.1'),
  port: z.number().int().min(1).max(65535).default(1883),
});

/** The room's settings (profile-independent); the broker's password lives in the vault, never here. */
export const RoomConfigSchema = z.object({
  enabled: z.boolean(),
  brokerUrl: RoomBrokerUrlSchema.nullable(),
  username: plainText(LIMITS.credentialKey).nullable(),
  /** This PC's name in the room (default: the host name, made a topic level). */
  pcName: RoomNameSchema,
  /** This PC's screens; empty: one screen named after the PC, on the primary display. */
  screens: z.array(RoomScreenSchema).max(16, 'at most 16 screens'),
  root: RoomRootSchema,
  hostedBroker: RoomHostedBrokerSchema,
});
export type RoomConfig = z.infer<typeof RoomConfigSchema>;

/** What the renderer sees of the room's settings: whether a password is stored, never the password. */
export const RoomConfigViewSchema = RoomConfigSchema.extend({ hasPassword: z.boolean() });
export type RoomConfigView = z.infer<typeof RoomConfigViewSchema>;

/** `room:configure`: the settings and, when typed, a new password (absent or empty: keep the stored one). */
export const RoomConfigureInputSchema = RoomConfigSchema.extend({
  password: plainText(LIMITS.secret).optional(),
  /** Forget the stored password. */
  clearPassword: z.boolean().optional(),
  /** Store the password where this machine only has weak storage (Linux without a keychain). */
  acceptWeakStorage: z.boolean().optional(),
});
export type RoomConfigureInput = z.input<typeof RoomConfigureInputSchema>;

/** The bus as this PC sees it. */
const RoomConnectionSchema = z.object({
  state: z.enum(['off', 'connecting', 'online', 'away']),
  /** Since when in this state (ISO time). */
  since: at.nullable(),
  /** Why it is away or off (a refused login, an unreachable broker), in English words. */
  reason: z.string().max(500).nullable(),
  /** The same reason as a code (`errors:room.link.*`, `errors:room.off.*`) the renderer words. */
  reasonCode: z.string().max(100).optional(),
  reasonParams: ErrorParamsSchema.optional(),
  /** The hosted broker, when this PC hosts one: where it listens. */
  hosting: z.object({ host: z.string(), port: z.number().int() }).nullable(),
});
export type RoomConnection = z.infer<typeof RoomConnectionSchema>;

/** One screen of the room, as the bus says (the console's list; this PC's own screens among them). */
const RoomScreenStatusSchema = z.object({
  name: RoomNameSchema,
  /** One of this PC's screens. */
  local: z.boolean(),
  presence: RoomPresenceSchema.nullable(),
  desired: RoomDesiredSchema.nullable(),
  reported: RoomReportedSchema.nullable(),
  /** A desired revision the screen has not reported applied (or rejected) yet. */
  pending: z.boolean(),
});
export type RoomScreenStatus = z.infer<typeof RoomScreenStatusSchema>;

/** `room:status` and the `room:changed` event. */
export const RoomStatusSchema = z.object({
  connection: RoomConnectionSchema,
  pcName: RoomNameSchema,
  screens: z.array(RoomScreenStatusSchema),
});
export type RoomStatus = z.infer<typeof RoomStatusSchema>;

/** `room:send`: tell a screen what to show; the core numbers it (one above the highest seen). */
export const RoomSendInputSchema = z.object({ screen: RoomNameSchema, command: RoomCommandSchema });
export const RoomSentSchema = z.object({
  rev: z.number().int(),
  /** The broker is away: the command waits in this PC's client and goes out when it is back. */
  queued: z.boolean().optional(),
});

/** `room:report`: one of this PC's screen windows says what it applied and how its tiles are. */
export const RoomReportInputSchema = z.object({
  screen: RoomNameSchema,
  rev: z.number().int().min(0),
  shows: RoomReportedSchema.shape.shows,
  tiles: RoomReportedSchema.shape.tiles,
  rejected: RoomReportedSchema.shape.rejected,
});
export type RoomReportInput = z.infer<typeof RoomReportInputSchema>;
