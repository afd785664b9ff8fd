import type { Channel } from '../shared/contract';
import { CoreError } from './core-error';
import type { CoreHandlers } from './run-handler';
import type { SettingsStore } from './settings-store';

/**
 * The channels that change something the operator set up: refused while the kiosk is locked.
 *
 * Reading, playing and testing stay open (a locked wall must still play and heal itself);
 * everything that writes profiles, settings, layouts, provisioning or templates, or switches the
 * platform, is refused here, in the core, whatever calls it (the renderer only mirrors this).
 */
export const CHANGING_CHANNELS = [
  'profiles:save',
  'profiles:remove',
  'profiles:select',
  'layouts:save',
  'layouts:remove',
  'layouts:rename',
  'layouts:duplicate',
  'settings:set',
  'provisioning:import',
  'templates:create',
  'demo:start',
  'tours:save',
  'tours:remove',
  'views:import',
] as const satisfies readonly Channel[];

const WHAT: Record<(typeof CHANGING_CHANNELS)[number], string> = {
  'profiles:save': 'Saving a connection profile',
  'profiles:remove': 'Removing a connection profile',
  'profiles:select': 'Switching the connection profile',
  'layouts:save': 'Saving a layout',
  'layouts:remove': 'Removing a layout',
  'layouts:rename': 'Renaming a view',
  'layouts:duplicate': 'Duplicating a view',
  'settings:set': 'Changing settings',
  'provisioning:import': 'Importing a provisioning file',
  'templates:create': 'Adding an archive template',
  'demo:start': 'Starting the demo platform',
  'tours:save': 'Saving a tour',
  'tours:remove': 'Removing a tour',
  'views:import': 'Importing views',
};

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
          `${WHAT[channel]} is not allowed: this wall is locked as a kiosk. An administrator can unlock ` +
            'it with the admin PIN, or change it with a provisioning file.',
        );
      return handler(input);
    };
  }
  return guarded as CoreHandlers;
}
