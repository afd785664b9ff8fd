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
  refuse?: (input: ChannelParsedInput<C>) => string | undefined;
}

/** The ui keys a locked wall itself writes: how each window was left, and the shell's column widths. */
const LOCKED_UI_KEY = /^(wall\.view|wall\.window\.[A-Za-z0-9._-]+|shell\.layout)$/;

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
    refuse: ({ key }) => (LOCKED_UI_KEY.test(key) ? undefined : `Remembering "${key}"`),
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
      return other && `Logging an operator’s edit ("${other.kind}")`;
    },
  },
  'oplog:list': { why: 'reads' },
  'oplog:csv': { why: 'reads (the CSV is returned, not written)' },
};

/** Words for the refused channels a person is likely to meet; any other says its channel. */
const REFUSED_WORDS: { readonly [C in Channel]?: string } = {
  'profiles:save': 'Saving a connection profile',
  'profiles:remove': 'Removing a connection profile',
  'profiles:select': 'Switching the connection profile',
  // The test of a saved profile keeps the placement that worked: it rewrites the profile.
  'profiles:test': 'Testing a connection profile',
  'templates:create': 'Adding an archive template',
  'layouts:save': 'Saving a layout',
  'layouts:remove': 'Removing a layout',
  'layouts:rename': 'Renaming a view',
  'layouts:duplicate': 'Duplicating a view',
  'settings:set': 'Changing settings',
  'demo:start': 'Starting the demo platform',
  // A window opened now is opened again at every start: it changes what a locked wall shows.
  'windows:open': 'Opening a view in a new window',
  'provisioning:import': 'Importing a provisioning file',
  'tours:save': 'Saving a tour',
  'tours:remove': 'Removing a tour',
  'views:import': 'Importing views',
};

/** The channels a locked kiosk refuses whatever their input. */
export const REFUSED_WHEN_LOCKED: readonly Channel[] = CHANNELS.filter((c) => !OPEN_WHEN_LOCKED[c]);

/** Why a call is refused on a locked kiosk, or undefined when a locked wall may make it. */
export function lockedRefusal<C extends Channel>(
  channel: C,
  input: ChannelParsedInput<C>,
): string | undefined {
  const open = OPEN_WHEN_LOCKED[channel] as OpenWhenLocked<C> | undefined;
  if (!open) return REFUSED_WORDS[channel] ?? `The call "${channel}"`;
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
          `${refusal} is not allowed: this wall is locked as a kiosk. An administrator can unlock ` +
            'it with the admin PIN, or change it with a provisioning file.',
        );
      return handler(input);
    };
  }
  return guarded as CoreHandlers;
}
