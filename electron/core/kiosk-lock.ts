import {
  CHANNELS,
  type Channel,
  type ChannelParsedInput,
  type OperatorEventKindName,
} from '../shared/contract';
import { editableNow } from '../shared/kiosk-rule';
import { CoreError } from './core-error';
import type { CoreHandlers } from './run-handler';
import type { SettingsStore } from './settings-store';

/**
 * What a locked kiosk still lets a channel do: why it stays open, and (for a channel only part of
 * whose calls a locked wall makes) the refusal of the other calls, in words.
 */
interface OpenWhenLocked<C extends Channel> {
  why: string;
  refuse?: (input: ChannelParsedInput<C>) => Refusal | undefined;
}

/**
 * What a locked wall refuses, in English words (the start of the refusal's sentence) and as a code
 * the renderer words (`action`, under `errors:kiosk.action`), with the names it needs (a ui key, a
 * log kind, a channel): names, never a value.
 */
export interface Refusal {
  words: string;
  action: string;
  params?: Record<string, string>;
}

/** The ui keys a locked wall itself writes: how each window (and room screen) was left, and the shell's column widths. */
const LOCKED_UI_KEY = /^(wall\.view|wall\.(window|screen)\.[A-Za-z0-9._-]+|shell\.layout)$/;

/**
 * The operator-log kinds an unattended wall produces by itself: its tiles going stale, failing and
 * recovering, their decode rate changing, a tour switching page. Assigning and clearing devices are
 * an operator's edits, which a locked wall does not allow.
 */
const LOCKED_OPLOG_KINDS: ReadonlySet<OperatorEventKindName> = new Set([
  'stale',
  'failed',
  'recovered',
  'degraded',
  'restored',
  'tour-switch',
]);

/**
 * The allow-list of a locked kiosk: every channel not named here is refused while the kiosk is
 * locked and no administrator has unlocked it with the PIN, in the core, whoever calls it (the
 * renderer only mirrors this). A channel added to the contract is refused until it is added here.
 */
export const OPEN_WHEN_LOCKED: { readonly [C in Channel]?: OpenWhenLocked<C> } = {
  'profiles:list': { why: 'reads' },
  'products:list': { why: 'reads the platform' },
  'devices:list': { why: 'reads the platform' },
  'streams:start': { why: 'the wall plays and heals its tiles' },
  'templates:history': { why: 'reads' },
  'layouts:list': { why: 'reads' },
  'settings:get': { why: 'reads' },
  'app:info': { why: 'reads' },
  'app:diagnostics': { why: 'reads (no secret), for a support ticket' },
  'ui:get': { why: 'reads' },
  'ui:set': {
    why: 'the wall remembers how it was left (open view, selected tile, column widths) to come back after a crash',
    refuse: ({ key }) =>
      LOCKED_UI_KEY.test(key)
        ? undefined
        : { words: `Remembering "${key}"`, action: 'rememberUi', params: { key } },
  },
  'platform:status': { why: 'reads' },
  'kiosk:status': { why: 'reads' },
  'kiosk:unlock': { why: 'the administrator’s way in, throttled' },
  'kiosk:lock': { why: 'ends an administrator’s unlock' },
  'displays:list': { why: 'reads' },
  'tours:list': { why: 'reads (a locked wall runs its tours)' },
  'views:export': { why: 'reads' },
  'snapshots:save': {
    why: 'an operator at the wall keeps a picture of an incident: a new file in Pictures, nothing of the setup',
  },
  'oplog:append': {
    why: 'the wall logs what happens to its tiles and tours',
    refuse: ({ events }) => {
      const other = events.find((e) => !LOCKED_OPLOG_KINDS.has(e.kind));
      return (
        other && {
          words: `Logging an operator’s edit ("${other.kind}")`,
          action: 'logEdit',
          params: { eventKind: other.kind },
        }
      );
    },
  },
  'oplog:list': { why: 'reads' },
  'oplog:csv': { why: 'reads (the CSV is returned, not written)' },
  'room:config': { why: 'reads (no password)' },
  'room:status': { why: 'reads' },
  'room:report': { why: 'a locked screen still obeys the room and says what it shows' },
};

/**
 * Words (and the action's code, `errors:kiosk.action.<code>` in the renderer) for the refused
 * channels a person is likely to meet; any other says its channel.
 */
export const REFUSED_WORDS: { readonly [C in Channel]?: Refusal } = {
  'profiles:save': { words: 'Saving a connection profile', action: 'saveProfile' },
  'profiles:remove': { words: 'Removing a connection profile', action: 'removeProfile' },
  'profiles:select': { words: 'Switching the connection profile', action: 'selectProfile' },
  // The test of a saved profile keeps the placement that worked: it rewrites the profile.
  'profiles:test': { words: 'Testing a connection profile', action: 'testProfile' },
  'templates:create': { words: 'Adding an archive template', action: 'createTemplate' },
  'layouts:save': { words: 'Saving a layout', action: 'saveLayout' },
  'layouts:remove': { words: 'Removing a layout', action: 'removeLayout' },
  'layouts:rename': { words: 'Renaming a view', action: 'renameView' },
  'layouts:duplicate': { words: 'Duplicating a view', action: 'duplicateView' },
  'settings:set': { words: 'Changing settings', action: 'changeSettings' },
  'demo:start': { words: 'Starting the demo platform', action: 'startDemo' },
  // A window opened now is opened again at every start: it changes what a locked wall shows.
  'windows:open': { words: 'Opening a view in a new window', action: 'openWindow' },
  'provisioning:import': { words: 'Importing a provisioning file', action: 'importProvisioning' },
  'tours:save': { words: 'Saving a tour', action: 'saveTour' },
  'tours:remove': { words: 'Removing a tour', action: 'removeTour' },
  'views:import': { words: 'Importing views', action: 'importViews' },
};

/** The channels a locked kiosk refuses whatever their input. */
export const REFUSED_WHEN_LOCKED: readonly Channel[] = CHANNELS.filter((c) => !OPEN_WHEN_LOCKED[c]);

/** Why a call is refused on a locked kiosk, or undefined when a locked wall may make it. */
function lockedRefusal<C extends Channel>(channel: C, input: ChannelParsedInput<C>): Refusal | undefined {
  const open = OPEN_WHEN_LOCKED[channel] as OpenWhenLocked<C> | undefined;
  if (!open)
    return REFUSED_WORDS[channel] ?? { words: `The call "${channel}"`, action: 'call', params: { channel } };
  return open.refuse?.(input);
}

/** How long an administrator's unlock (the admin PIN) lasts before the kiosk locks itself again. */
export const UNLOCK_MS = 10 * 60_000;

/** An administrator's unlock: changes are allowed until it ends (or is ended). */
export class AdminSession {
  private until: number | null = null;

  constructor(private readonly now: () => number) {}

  unlock(): number {
    this.until = this.now() + UNLOCK_MS;
    return this.until;
  }

  lock(): void {
    this.until = null;
  }

  unlockedUntil(): number | null {
    if (this.until !== null && this.now() >= this.until) this.until = null;
    return this.until;
  }

  /** Whether changes are allowed now on a kiosk `locked` or not (the rule the screens use too). */
  editable(locked: boolean): boolean {
    return editableNow({ locked, unlockedUntil: this.unlockedUntil() }, this.now());
  }
}

/**
 * The handlers, with every call a locked wall does not need refused while settings say the kiosk is
 * locked and no administrator has unlocked it with the PIN. Every handler is wrapped, so a handler
 * added later is guarded by default.
 */
export function guardKioskLock(
  handlers: CoreHandlers,
  settings: SettingsStore,
  session: AdminSession,
): CoreHandlers {
  const guarded = { ...handlers } as Record<Channel, (input: unknown) => Promise<unknown>>;
  for (const channel of Object.keys(handlers) as Channel[]) {
    const handler = guarded[channel];
    const open = OPEN_WHEN_LOCKED[channel];
    if (open && !open.refuse) continue;
    guarded[channel] = async (input) => {
      const refusal = lockedRefusal(channel, input as never);
      if (refusal !== undefined && !session.editable((await settings.get()).kiosk.locked))
        throw new CoreError(
          'locked',
          `${refusal.words} is not allowed: this wall is locked as a kiosk. An administrator can unlock ` +
            'it with the admin PIN, or change it with a provisioning file.',
          undefined,
          { code: 'kiosk.locked', params: { action: refusal.action, ...refusal.params } },
        );
      return handler(input);
    };
  }
  return guarded as CoreHandlers;
}
