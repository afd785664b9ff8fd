import { slugId } from '../../shared/slug-id';
import type { Layout } from '../../shared/layout';
import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** Saved wall layouts; removing the kiosk's start layout turns kiosk mode off and says so. */
export function layoutHandlers(
  ctx: CoreContext,
): Pick<CoreHandlers, 'layouts:list' | 'layouts:save' | 'layouts:remove'> {
  const { layouts, settings } = ctx;
  return {
    'layouts:list': () => layouts.list(),

    'layouts:save': async (draft) => {
      if (!(await ctx.vault.get(draft.profileId)))
        throw new CoreError('invalid-input', `The layout's profile "${draft.profileId}" does not exist.`, [
          { path: 'profileId', message: 'no such profile' },
        ]);
      const taken = (await layouts.list()).map((l) => l.id);
      const layout: Layout = {
        ...draft,
        id: draft.id ?? slugId(draft.name, (id) => taken.includes(id), 'layout'),
      };
      await layouts.saveMany([layout]);
      await ctx.announce.layouts();
      return layout;
    },

    'layouts:remove': async ({ id }) => {
      const removed = await layouts.remove(id);
      if (!removed) return { removed };
      await ctx.announce.layouts();
      if ((await settings.get()).kiosk.startLayout === id) {
        await settings.update((s) => ({ ...s, kiosk: { ...s.kiosk, startLayout: null, enabled: false } }));
        ctx.notify({
          level: 'warning',
          source: 'settings',
          message: 'The kiosk start layout was removed, so kiosk mode was turned off.',
        });
        await ctx.announce.settings();
      }
      return { removed };
    },
  };
}
