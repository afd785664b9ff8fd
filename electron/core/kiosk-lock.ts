import type { Channel } from '../shared/contract';
import { CoreError } from './core-error';
import type { CoreHandlers } from './run-handler';
import type { SettingsStore } from './settings-store';

/**
 * Every channel, and what the kiosk lock says of it: the words for a change refused while the kiosk is
 * locked, or null for one that stays open.
 *
 * Reading, playing and testing stay open (a locked wall must still play and heal itself, save a
 * snapshot and keep its operator log); everything that writes profiles, settings, layouts, tours,
 * provisioning or templates, opens a window or switches the platform, is refused here, in the core,
 * whatever calls it (the renderer only mirrors this). A channel added to the contract does not
 * type-check until it is decided here.
 */
const WHEN_LOCKED = {
  'profiles:list': null,
  'profiles:save': 'Saving a connection profile',
  'profiles:remove': 'Removing a connection profile',
  'profiles:select': 'Switching the connection profile',
  'profiles:test': null,
  'products:list': null,
  'devices:list': null,
  'streams:start': null,
  'templates:create': 'Adding an archive template',
  'templates:history': null,
  'layouts:list': null,
  'layouts:save': 'Saving a layout',
  'layouts:remove': 'Removing a layout',
  'layouts:rename': 'Renaming a view',
  'layouts:duplicate': 'Duplicating a view',
  'settings:get': null,
  'settings:set': 'Changing settings',
  'demo:start': 'Starting the demo platform',
  'app:info': null,
  'app:diagnostics': null,
  // How the wall was left (open view, catalog width): remembered, not set up.
  'ui:get': null,
  'ui:set': null,
  'platform:status': null,
  'kiosk:status': null,
  'kiosk:unlock': null,
  'kiosk:lock': null,
  'displays:list': null,
  // A window opened now is opened again at every start: it changes what a locked wall shows.
  'windows:open': 'Opening a view in a new window',
  'provisioning:import': 'Importing a provisioning file',
  'tours:list': null,
  'tours:save': 'Saving a tour',
  'tours:remove': 'Removing a tour',
  'views:export': null,
  'views:import': 'Importing views',
  'snapshots:save': null,
  'oplog:append': null,
  'oplog:list': null,
  'oplog:csv': null,
} as const satisfies Record<Channel, string | null>;

type ChangingChannel = {
  [C in Channel]: (typeof WHEN_LOCKED)[C] extends string ? C : never;
}[Channel];

/** The channels that change something the operator set up: refused while the kiosk is locked. */
export const CHANGING_CHANNELS = (Object.keys(WHEN_LOCKED) as Channel[]).filter(
  (c): c is ChangingChannel => WHEN_LOCKED[c] !== null,
);

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
}

/**
 * The handlers, with every changing channel refused while settings say the kiosk is locked and no
 * administrator has unlocked it with the PIN.
 */
export function guardKioskLock(
  handlers: CoreHandlers,
  settings: SettingsStore,
  session: AdminSession,
): CoreHandlers {
  const guarded = { ...handlers } as Record<Channel, (input: unknown) => Promise<unknown>>;
  for (const channel of CHANGING_CHANNELS) {
    const handler = guarded[channel];
    guarded[channel] = async (input) => {
      if ((await settings.get()).kiosk.locked && session.unlockedUntil() === null)
        throw new CoreError(
          'locked',
          `${WHEN_LOCKED[channel]} is not allowed: this wall is locked as a kiosk. An administrator can unlock ` +
            'it with the admin PIN, or change it with a provisioning file.',
        );
      return handler(input);
    };
  }
  return guarded as CoreHandlers;
}
