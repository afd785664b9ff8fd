import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/**
 * The room's settings: read them (with whether a password is stored, never the password) and change
 * them. A change is announced by the store itself (the room's links rejoin, the hosted broker starts
 * or stops); the answer waits until the hosted broker is in line with the new settings.
 */
export function roomConfigHandlers(
  ctx: Pick<CoreContext, 'roomConfig' | 'hostedBroker'>,
): Pick<CoreHandlers, 'room:config' | 'room:configure'> {
  return {
    'room:config': () => ctx.roomConfig.view(),
    'room:configure': async (input) => {
      const view = await ctx.roomConfig.configure(input);
      // Queued behind the start or stop the change set off: the answer comes once it is done.
      await ctx.hostedBroker.apply(await ctx.roomConfig.current());
      return view;
    },
  };
}
