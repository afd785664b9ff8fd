import type { CoreContext } from '../core-context';
import type { SecretCipher } from '../ports';
import { diagnosticsReport } from '../diagnostics-report';
import type { CoreHandlers } from '../run-handler';

/**
 * The OS's languages as app:info carries them: at most 20 tags of at most 35 characters (the first
 * are the ones that count). An OS that cannot tell gives none: the renderer then reads the browser's.
 */
function systemLanguages(ask: () => string[]): string[] {
  try {
    return ask()
      .filter((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 35)
      .slice(0, 20);
  } catch {
    return [];
  }
}

/**
 * Where the secrets are kept as a code for the renderer to word (app:info's storageCode), when the
 * cipher has one; its English words stay storageDescription.
 */
async function storageCode(
  cipher: SecretCipher,
): Promise<{ storageCode?: string; storageParams?: Record<string, string | number> }> {
  if (!cipher.describeCode) return {};
  const { code, params } = await cipher.describeCode();
  return { storageCode: code, storageParams: params };
}

/** What the app is and where it runs, with the recent notices (app:info); diagnostics to send. */
export function appHandlers(ctx: CoreContext): Pick<CoreHandlers, 'app:info' | 'app:diagnostics'> {
  const { app, cipher } = ctx.ports;
  return {
    'app:info': async () => ({
      ...(await storageCode(cipher)),
      name: app.name ?? 'Control Room Wall',
      version: app.version ?? '0.0.0',
      shell: app.shell,
      platform: app.platform ?? process.platform,
      storageTier: await cipher.tier(),
      storageDescription: await cipher.describe(),
      demoAvailable: ctx.demo.available,
      notices: ctx.notices(),
      ...(app.systemLanguages && { systemLanguages: systemLanguages(app.systemLanguages) }),
    }),

    'app:diagnostics': async () => {
      const now = ctx.clock.now();
      const [settings, profiles, layouts, tier, description, logTail] = await Promise.all([
        ctx.settings.get(),
        ctx.vault.list(),
        ctx.layouts.list(),
        cipher.tier(),
        cipher.describe(),
        ctx.ports.logTail?.().catch((e: unknown) => `(the log could not be read: ${(e as Error).message})`),
      ]);
      const text = diagnosticsReport({
        app: {
          name: app.name ?? 'Control Room Wall',
          version: app.version ?? '0.0.0',
          shell: app.shell,
          platform: app.platform ?? process.platform,
        },
        runtime: {
          node: process.versions.node,
          electron: process.versions.electron,
          chrome: process.versions.chrome,
        },
        storage: { tier, description },
        settings,
        profiles,
        layouts,
        notices: ctx.notices(),
        logTail,
        now,
      });
      return { text, generatedAt: now };
    },
  };
}
