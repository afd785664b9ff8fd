import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** What the screen remembers between runs (open panels, widths, drafts), kept with the data folder. */
export function uiStateHandlers(ctx: CoreContext): Pick<CoreHandlers, 'ui:get' | 'ui:set'> {
  return {
    'ui:get': async ({ key }) => ({ value: await ctx.uiState.get(key) }),
    'ui:set': async ({ key, value }) => {
      await ctx.uiState.set(key, value);
      return { saved: true };
    },
  };
}
