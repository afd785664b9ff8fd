import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** The app's settings; kiosk mode needs a start layout that exists. */
export function settingsHandlers(ctx: CoreContext): Pick<CoreHandlers, 'settings:get' | 'settings:set'> {
  const { settings, layouts } = ctx;
  return {
    'settings:get': () => settings.get(),

    'settings:set': async (patch) => {
      const start = patch.kiosk?.startLayout;
      if (start && !(await layouts.get(start)))
        throw new CoreError(
          'invalid-input',
          `There is no layout "${start}".`,
          [{ path: 'kiosk.startLayout', message: 'no such layout', code: 'problem.noSuchLayout' }],
          { code: 'notFound.layout', params: { id: start } },
        );
      const current = await settings.get();
      const enabled = patch.kiosk?.enabled ?? current.kiosk.enabled;
      const startLayout =
        patch.kiosk?.startLayout !== undefined ? patch.kiosk.startLayout : current.kiosk.startLayout;
      if (enabled && !startLayout)
        throw new CoreError(
          'invalid-input',
          'Kiosk mode needs a start layout.',
          [
            {
              path: 'kiosk.startLayout',
              message: 'required when kiosk mode is enabled',
              code: 'problem.kioskNeedsStart',
            },
          ],
          { code: 'settings.kioskNeedsStart' },
        );
      const next = await settings.set(patch);
      await ctx.announce.settings();
      // The lock may have changed: the screens' kiosk status with it.
      if (patch.kiosk?.locked !== undefined && patch.kiosk.locked !== current.kiosk.locked)
        await ctx.announce.kiosk();
      return next;
    },
  };
}
