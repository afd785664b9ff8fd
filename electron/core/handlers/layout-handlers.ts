import { slugId } from '../../shared/slug-id';
import { viewNameKey, type Layout } from '../../shared/layout';
import { LIMITS } from '../../shared/limits';
import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** A name no other view has (case and spaces aside): `Lobby (copy)`, `Lobby (copy 2)`, ... */
export function freeViewName(
  base: string,
  taken: readonly string[] | ReadonlySet<string>,
  suffix: string,
): string {
  const names = new Set([...taken].map(viewNameKey));
  for (let n = 1; ; n++) {
    const tail = n === 1 ? ` (${suffix})` : ` (${suffix} ${n})`;
    const name = `${base.slice(0, LIMITS.name - tail.length)}${tail}`;
    if (!names.has(viewNameKey(name))) return name;
  }
}

/**
 * Saved wall layouts (views). Removing the kiosk's start layout turns kiosk mode off and says so;
 * a view that a tour shows is not removed until the tour no longer shows it (nothing points at
 * nothing silently).
 */
export function layoutHandlers(
  ctx: CoreContext,
): Pick<
  CoreHandlers,
  'layouts:list' | 'layouts:save' | 'layouts:remove' | 'layouts:rename' | 'layouts:duplicate'
> {
  const { layouts, settings } = ctx;
  const existing = async (id: string): Promise<Layout> => {
    const layout = await layouts.get(id);
    if (!layout)
      throw new CoreError(
        'invalid-input',
        `There is no saved view "${id}".`,
        [{ path: 'id', message: 'no such view', code: 'problem.noSuchView' }],
        { code: 'notFound.view', params: { id } },
      );
    return layout;
  };
  const newId = async (name: string) => {
    const taken = new Set((await layouts.list()).map((l) => l.id));
    return slugId(name, (id) => taken.has(id), 'layout');
  };
  return {
    'layouts:list': () => layouts.list(),

    'layouts:save': async (draft) => {
      if (!(await ctx.vault.get(draft.profileId)))
        throw new CoreError(
          'invalid-input',
          `The layout's profile "${draft.profileId}" does not exist.`,
          [{ path: 'profileId', message: 'no such profile', code: 'problem.noSuchProfile' }],
          { code: 'layout.noProfile', params: { id: draft.profileId } },
        );
      // A draft made before the names of its tiles arrived keeps them (device-name-lookup.ts).
      const layout = await ctx.deviceNames.fill({ ...draft, id: draft.id ?? (await newId(draft.name)) });
      await layouts.saveMany([layout]);
      await ctx.announce.layouts();
      return layout;
    },

    // Names: one rule for save, rename and duplicate (and imports), kept by the store itself.
    'layouts:rename': async ({ id, name }) => {
      const layout = await existing(id);
      const renamed: Layout = { ...layout, name };
      await layouts.saveMany([renamed]);
      await ctx.announce.layouts();
      return renamed;
    },

    'layouts:duplicate': async ({ id, name }) => {
      const layout = await existing(id);
      const names = (await layouts.list()).map((l) => l.name);
      const copyName = name ?? freeViewName(layout.name, names, 'copy');
      const copy: Layout = { ...structuredClone(layout), id: await newId(copyName), name: copyName };
      await layouts.saveMany([copy]);
      await ctx.announce.layouts();
      return copy;
    },

    'layouts:remove': async ({ id }) => {
      const users = await ctx.tours.using(id);
      if (users.length) {
        const names = users.map((t) => `"${t.name}"`).join(', ');
        throw new CoreError(
          'invalid-input',
          `This view is shown by the tour${users.length === 1 ? '' : 's'} ${names}: take it out of ` +
            `${users.length === 1 ? 'that tour' : 'those tours'} (or remove ${users.length === 1 ? 'it' : 'them'}) first.`,
          [
            {
              path: 'id',
              message: `shown by the tour${users.length === 1 ? '' : 's'} ${names}`,
              code: 'problem.shownByTours',
              params: { tours: names },
            },
          ],
          { code: 'layout.shownByTours', params: { tours: names, count: users.length } },
        );
      }
      const removed = await layouts.remove(id);
      if (!removed) return { removed };
      await ctx.announce.layouts();
      if ((await settings.get()).kiosk.startLayout === id) {
        await settings.update((s) => ({ ...s, kiosk: { ...s.kiosk, startLayout: null, enabled: false } }));
        ctx.notify({
          level: 'warning',
          source: 'settings',
          message: 'The kiosk start layout was removed, so kiosk mode was turned off.',
          code: 'notice.kioskStartRemoved',
        });
        await ctx.announce.settings();
      }
      return { removed };
    },
  };
}
