import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** displays:list and windows:open, over the shell's WallWindows port when it has one. */
export function windowHandlers(ctx: CoreContext): Pick<CoreHandlers, 'displays:list' | 'windows:open'> {
  const windows = ctx.ports.windows;
  return {
    'displays:list': async () => (windows ? windows.displays() : []),

    'windows:open': async (input) => {
      if (!windows)
        throw new CoreError(
          'invalid-request',
          'This shell has no windows of its own: the page opens the view in a new browser window instead.',
          undefined,
          { code: 'window.noWindows' },
        );
      if (!(await ctx.layouts.list()).some((l) => l.id === input.layoutId))
        throw new CoreError(
          'not-found',
          `There is no saved view with id "${input.layoutId}".`,
          [{ path: 'layoutId', message: 'no saved view has this id', code: 'problem.noSuchView' }],
          { code: 'notFound.viewWindow', params: { id: input.layoutId } },
        );
      return windows.open(input);
    },
  };
}
