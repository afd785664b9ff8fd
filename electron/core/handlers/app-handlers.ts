import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** What the app is and where it runs, with the recent notices (app:info). */
export function appHandlers(ctx: CoreContext): Pick<CoreHandlers, 'app:info'> {
  const { app, cipher } = ctx.ports;
  return {
    'app:info': async () => ({
      name: app.name ?? 'Control Room Wall',
      version: app.version ?? '0.0.0',
      shell: app.shell,
      platform: app.platform ?? process.platform,
      storageTier: await cipher.tier(),
      storageDescription: await cipher.describe(),
      demoAvailable: ctx.demo.available,
      notices: ctx.notices(),
    }),
  };
}
