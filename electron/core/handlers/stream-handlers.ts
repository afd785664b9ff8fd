import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** A device's live stream addresses, fresh on every call (they carry short-lived secrets). */
export function streamHandlers(ctx: CoreContext): Pick<CoreHandlers, 'streams:start'> {
  return {
    'streams:start': async (input) => {
      const { client } = await ctx.clients.for(input.profileId);
      return client.startStream(input.deviceKey, { sipId: input.sipId, channelId: input.channelId });
    },
  };
}
