import type { CoreContext } from '../core-context';
import { mediaHostHint, rewriteMediaHosts } from '../media-host';
import type { CoreHandlers } from '../run-handler';

/**
 * A device's live stream addresses, fresh on every call (they carry short-lived secrets), with the
 * profile's media host put in, or a hint when they name a host that cannot be reached from here.
 */
export function streamHandlers(ctx: CoreContext): Pick<CoreHandlers, 'streams:start'> {
  return {
    'streams:start': async (input) => {
      const { profile, client } = await ctx.clients.for(input.profileId);
      const given = await client.startStream(input.deviceKey, {
        sipId: input.sipId,
        channelId: input.channelId,
      });
      const playback = rewriteMediaHosts(given, profile.mediaHost);
      const hint = profile.mediaHost ? undefined : mediaHostHint(playback, profile.baseUrl);
      return { ...playback, ...(hint && { mediaHostHint: hint }) };
    },
  };
}
