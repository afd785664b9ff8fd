import { toView, type CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** Start the embedded demo platform (through the shell's launcher) and select its profile. */
export function demoHandlers(ctx: CoreContext): Pick<CoreHandlers, 'demo:start'> {
  return {
    'demo:start': async () => {
      const { baseUrl, profile } = await ctx.demo.start();
      await ctx.selectProfile(profile.id);
      await ctx.announce.settings();
      await ctx.announce.profiles();
      return { baseUrl, profile: toView(profile, profile.id) };
    },
  };
}
