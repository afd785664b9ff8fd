import { z } from 'zod';
import {
  ArchiveTemplateResultSchema,
  ArchiveTemplateShapeSchema,
  DeviceSchema,
  listedPageSchema,
  ProductSchema,
  StreamPlaybackSchema,
} from './domain';
import { AppInfoSchema, DiagnosticsSchema, NoticeSchema } from './contract/app';
import { KioskStatusSchema, KioskUnlockInputSchema } from './contract/kiosk';
import { PlatformStatusSchema } from './contract/platform-status';

/** A key of what the screen remembers: `catalog.open`, `templates.draft.<profile>`. */
const UiKeySchema = z
  .string()
  .min(1)
  .max(120, 'at most 120 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, ".", "_", ":" or "-"');
import { type Result } from './contract/result';
import { LIMITS, plainText } from './limits';
import { TemplateHistoryEntrySchema } from './contract/template-history';
import { LayoutDraftSchema, LayoutSchema } from './layout';
import { ProfileSaveInputSchema, ProfileTestResultSchema, ProfileViewSchema } from './profile';
import { ProvisioningSummarySchema } from './provisioning';
import {
  RoomConfigureInputSchema,
  RoomConfigViewSchema,
  RoomReportInputSchema,
  RoomSendInputSchema,
  RoomSentSchema,
  RoomStatusSchema,
} from './room';
import { SettingsPatchSchema, SettingsSchema } from './settings';
import { DisplayInfoSchema, WindowOpenedSchema, WindowOpenInputSchema } from './contract/windows';
import {
  OperatorEventInputSchema,
  OperatorLogCsvSchema,
  OperatorLogFilterSchema,
  OperatorLogListInputSchema,
  OperatorLogPageSchema,
  OPLOG_LIMITS,
} from './contract/operator-log';
import { SnapshotSavedSchema, SnapshotSaveInputSchema } from './snapshot';
import { TourDraftSchema, TourSchema } from './tour';
import {
  ViewsExportInputSchema,
  ViewsExportSchema,
  ViewsImportInputSchema,
  ViewsImportSummarySchema,
} from './views-transfer';

export * from './contract/app';
export * from './contract/kiosk';
export * from './contract/operator-log';
export * from './contract/platform-status';
export * from './contract/result';
export * from './contract/template-history';
export * from './contract/windows';

/**
 * The one contract between the renderer and the core.
 *
 * Every channel `domain:verb` is declared here once with the schema of its input and of its output;
 * the Electron handle() wrapper, the preload, the browser shell's HTTP API and its client are all
 * typed (and the inputs validated) from this table. Inputs are validated in main before use; outputs
 * are parsed on the way out too, which strips anything a view did not declare (a secret can never
 * ride along by accident).
 */

/** A channel that takes nothing: the renderer calls it without an argument. */
const none = z.undefined();
/** Calls to the platform use the selected profile unless a layout names its own. */
/** The id of something saved (a profile, a view, a tour). */
const idRef = plainText(LIMITS.idRef, { required: 'required' });
const profileId = idRef.optional();
const idInput = z.object({ id: idRef });
const removed = z.object({ removed: z.boolean() });
const page = z.number().int().min(1).max(1_000_000).optional();
/** Held to what a platform serves by the client (platform-paging.ts); this only bounds the number. */
const pageSize = z.number().int().min(1).max(10_000).optional();
/** A key the platform gave (product, project), a search word. */
const platformKey = plainText(LIMITS.credentialKey, { required: 'required' });
const streamId = plainText(LIMITS.deviceKey);

export const channels = {
  'profiles:list': { input: none, output: z.array(ProfileViewSchema) },
  'profiles:save': { input: ProfileSaveInputSchema, output: ProfileViewSchema },
  'profiles:remove': { input: idInput, output: removed },
  /** null clears the selection. */
  'profiles:select': {
    input: z.object({ id: idRef.nullable() }),
    output: ProfileViewSchema.nullable(),
  },
  /**
   * Try a profile's credentials against its platform. Either a saved profile (`id`, default the
   * selected one) or an unsaved draft from the editor (blank secrets of a draft with an id are
   * taken from the stored profile).
   */
  'profiles:test': {
    input: z.union([z.object({ id: idRef }), z.object({ draft: ProfileSaveInputSchema })]).optional(),
    output: ProfileTestResultSchema,
  },
  'products:list': {
    input: z.object({ profileId, page, pageSize }).optional(),
    output: listedPageSchema(ProductSchema),
  },
  /** productKey defaults to the profile's own for Product credentials. */
  'devices:list': {
    input: z.object({
      profileId,
      productKey: platformKey.optional(),
      keyword: plainText(LIMITS.credentialKey).optional(),
      page,
      pageSize,
    }),
    output: listedPageSchema(DeviceSchema),
  },
  'streams:start': {
    input: z.object({
      profileId,
      deviceKey: plainText(LIMITS.deviceKey, { required: 'required' }),
      sipId: streamId.optional(),
      channelId: streamId.optional(),
    }),
    output: StreamPlaybackSchema.extend({
      /** Why these URLs cannot be reached from here, when that is known before trying (media host). */
      mediaHostHint: z.string().optional(),
    }),
  },
  /**
   * projectKey defaults to the profile's own for Project credentials. The template is checked with
   * validateTemplate first; its problems come back as details with its paths (`parameters[0].map.min`).
   */
  'templates:create': {
    input: z.object({
      profileId,
      projectKey: platformKey.optional(),
      template: ArchiveTemplateShapeSchema,
    }),
    output: ArchiveTemplateResultSchema,
  },
  /** Templates created from this app for a profile (default the selected one), newest first. */
  'templates:history': {
    input: z.object({ profileId }).optional(),
    output: z.array(TemplateHistoryEntrySchema),
  },
  'layouts:list': { input: none, output: z.array(LayoutSchema) },
  /** A missing id makes a new layout. */
  'layouts:save': { input: LayoutDraftSchema, output: LayoutSchema },
  'layouts:remove': { input: idInput, output: removed },
  /** A new name for a saved view; another view of that name (any case) is refused. */
  'layouts:rename': {
    input: z.object({ id: idRef, name: LayoutSchema.shape.name }),
    output: LayoutSchema,
  },
  /** A copy of a saved view with a new id, named `<name> (copy)` unless a name is given. */
  'layouts:duplicate': {
    input: z.object({ id: idRef, name: LayoutSchema.shape.name.optional() }),
    output: LayoutSchema,
  },
  'settings:get': { input: none, output: SettingsSchema },
  'settings:set': { input: SettingsPatchSchema, output: SettingsSchema },
  /** Start the embedded demo platform and create (and select) a profile for it. */
  'demo:start': {
    input: none,
    output: z.object({ baseUrl: z.string(), profile: ProfileViewSchema }),
  },
  'app:info': { input: none, output: AppInfoSchema },
  /** What an integrator sends when something went wrong: versions, settings, notices, log tail; no secret. */
  'app:diagnostics': { input: none, output: DiagnosticsSchema },
  /** What the screen remembered under a key (null when nothing): open panels, widths, drafts. */
  'ui:get': { input: z.object({ key: UiKeySchema }), output: z.object({ value: z.unknown() }) },
  /** Remember a value (JSON, at most 256 KiB) under a key; null forgets it. Never a secret. */
  'ui:set': {
    input: z.object({ key: UiKeySchema, value: z.unknown() }),
    output: z.object({ saved: z.literal(true) }),
  },
  /** Whether the selected profile's platform answers (from the core's own requests and probes). */
  'platform:status': { input: none, output: PlatformStatusSchema },
  /** Where the kiosk lock stands. */
  'kiosk:status': { input: none, output: KioskStatusSchema },
  /** An administrator unlocks a locked kiosk with the admin PIN, for a while; wrong PINs slow the next try. */
  'kiosk:unlock': { input: KioskUnlockInputSchema, output: KioskStatusSchema },
  /** End an administrator's unlock now. */
  'kiosk:lock': { input: none, output: KioskStatusSchema },
  /** The displays a view can be opened on (desktop app; the browser shell lists none). */
  'displays:list': { input: none, output: z.array(DisplayInfoSchema) },
  /** Open a saved view in a window of its own (desktop app; the browser shell opens a browser window itself). */
  'windows:open': { input: WindowOpenInputSchema, output: WindowOpenedSchema },
  /** Import a provisioning file (its text): all or nothing. */
  'provisioning:import': {
    input: z.object({ text: z.string().max(LIMITS.provisioningBytes, 'the file is larger than 1 MB') }),
    output: ProvisioningSummarySchema,
  },
  'tours:list': { input: none, output: z.array(TourSchema) },
  /** A missing id makes a new tour; its views must be saved (a cycling tile's cell inside its view). */
  'tours:save': { input: TourDraftSchema, output: TourSchema },
  'tours:remove': { input: idInput, output: removed },
  /** Saved views and tours as a JSON document (no secret: a view names its profile by id). */
  'views:export': { input: ViewsExportInputSchema, output: ViewsExportSchema },
  /** Import such a document: all or nothing, every problem by its JSON path. */
  'views:import': { input: ViewsImportInputSchema, output: ViewsImportSummarySchema },
  /** Desktop app: save a tile's snapshot (PNG) into the Pictures folder; the browser shell downloads it instead. */
  'snapshots:save': { input: SnapshotSaveInputSchema, output: SnapshotSavedSchema },
  /** The operator log (what happened on the wall): append a batch of events, oldest first. */
  'oplog:append': {
    input: z.object({
      events: z
        .array(OperatorEventInputSchema)
        .max(OPLOG_LIMITS.batch, `at most ${OPLOG_LIMITS.batch} events at once`),
    }),
    output: z.object({ appended: z.number().int() }),
  },
  /** The operator log, filtered, newest first, a page at a time. */
  'oplog:list': { input: OperatorLogListInputSchema.optional(), output: OperatorLogPageSchema },
  /** The operator log (filtered) as RFC 4180 CSV, for a spreadsheet. */
  'oplog:csv': { input: OperatorLogFilterSchema.optional(), output: OperatorLogCsvSchema },
  /** The control room's settings (no password; whether one is stored). */
  'room:config': { input: none, output: RoomConfigViewSchema },
  /** Change the room's settings; reconnects the bus (and starts or stops the hosted broker). */
  'room:configure': { input: RoomConfigureInputSchema, output: RoomConfigViewSchema },
  /** The bus and every screen of the room as this PC knows them. */
  'room:status': { input: none, output: RoomStatusSchema },
  /** Tell a screen what to show (a console's command); kept on the broker until the screen applies it. */
  'room:send': { input: RoomSendInputSchema, output: RoomSentSchema },
  /** One of this PC's screens reports what it applied and how its tiles are. */
  'room:report': { input: RoomReportInputSchema, output: z.object({ published: z.boolean() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

type Channels = typeof channels;
export type Channel = keyof Channels;
/** What a caller passes (before defaults and transforms). */
export type ChannelInput<C extends Channel> = z.input<Channels[C]['input']>;
/** What a handler receives after validation. */
export type ChannelParsedInput<C extends Channel> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Channels[C]['output']>;

export const CHANNELS = Object.keys(channels) as Channel[];

/** Push events from the core to the renderer: `domain:pastTense` with their payloads. */
export const events = {
  'profiles:changed': z.object({ profiles: z.array(ProfileViewSchema) }),
  'layouts:changed': z.object({ layouts: z.array(LayoutSchema) }),
  'settings:changed': z.object({ settings: SettingsSchema }),
  'templates:created': z.object({ entry: TemplateHistoryEntrySchema }),
  'app:notice': NoticeSchema,
  'kiosk:changed': KioskStatusSchema,
  'platform:changed': PlatformStatusSchema,
  'tours:changed': z.object({ tours: z.array(TourSchema) }),
  /** Entries were added to the operator log (the last one's id). */
  'oplog:appended': z.object({ lastId: z.number().int(), count: z.number().int() }),
  /** The bus or a screen of the room changed (presence, desired, reported). */
  'room:changed': RoomStatusSchema,
} as const satisfies Record<string, z.ZodType>;

type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const EVENT_NAMES = Object.keys(events) as EventName[];

/**
 * The renderer's surface, method by method: `api.profiles.list()` calls 'profiles:list'.
 *
 * The preload writes these as one-liners checked with `satisfies Api`; the browser shell's client
 * builds the same object from this table.
 */
export const apiChannels = {
  profiles: {
    list: 'profiles:list',
    save: 'profiles:save',
    remove: 'profiles:remove',
    select: 'profiles:select',
    test: 'profiles:test',
  },
  products: { list: 'products:list' },
  devices: { list: 'devices:list' },
  streams: { start: 'streams:start' },
  templates: { create: 'templates:create', history: 'templates:history' },
  layouts: {
    list: 'layouts:list',
    save: 'layouts:save',
    remove: 'layouts:remove',
    rename: 'layouts:rename',
    duplicate: 'layouts:duplicate',
  },
  settings: { get: 'settings:get', set: 'settings:set' },
  demo: { start: 'demo:start' },
  app: { info: 'app:info', diagnostics: 'app:diagnostics' },
  provisioning: { import: 'provisioning:import' },
  ui: { get: 'ui:get', set: 'ui:set' },
  platform: { status: 'platform:status' },
  kiosk: { status: 'kiosk:status', unlock: 'kiosk:unlock', lock: 'kiosk:lock' },
  displays: { list: 'displays:list' },
  windows: { open: 'windows:open' },
  tours: { list: 'tours:list', save: 'tours:save', remove: 'tours:remove' },
  views: { export: 'views:export', import: 'views:import' },
  snapshots: { save: 'snapshots:save' },
  oplog: { append: 'oplog:append', list: 'oplog:list', csv: 'oplog:csv' },
  room: {
    config: 'room:config',
    configure: 'room:configure',
    status: 'room:status',
    send: 'room:send',
    report: 'room:report',
  },
} as const satisfies Record<string, Record<string, Channel>>;

type ApiChannels = typeof apiChannels;

/** One method: optional argument where the channel takes nothing or an optional input. */
type ApiMethod<C extends Channel> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;

export type EventListener<E extends EventName> = (payload: EventPayload<E>) => void;

export type Api = {
  [G in keyof ApiChannels]: { [M in keyof ApiChannels[G]]: ApiMethod<ApiChannels[G][M] & Channel> };
} & {
  /** Listen to a push event; returns the function that stops listening. */
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void;
};

/** How a shell carries one call and one subscription (for clients built from the table). */
export interface ApiTransport {
  invoke(channel: Channel, input: unknown): Promise<Result<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Build the Api from a transport (the browser shell's HTTP client; tests).
 *
 * The Electron preload does not use this: it spells each method out as a one-liner so the exposed
 * surface is visible in one file and no generic invoke exists.
 */
export function buildApi(transport: ApiTransport): Api {
  const groups = Object.fromEntries(
    Object.entries(apiChannels).map(([group, methods]) => [
      group,
      Object.fromEntries(
        Object.entries(methods).map(([method, channel]) => [
          method,
          (input?: unknown) => transport.invoke(channel, input),
        ]),
      ),
    ]),
  );
  return {
    ...groups,
    on: (event: EventName, listener: (payload: unknown) => void) => transport.on(event, listener),
  } as unknown as Api;
}
