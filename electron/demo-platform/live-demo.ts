import { createLiveMedia, type LiveMedia, type LiveMediaOptions } from './media';
import { startDemoPlatform, type DemoPlatform, type DemoPlatformOptions } from './server';

export interface LiveDemoOptions extends Omit<DemoPlatformOptions, 'media'> {
  /** Options of the live media server (its port, scrambled field names, secret lifetime). */
  media?: LiveMediaOptions;
  /** Where a warning goes when live media cannot start (default stderr). */
  warn?: (message: string) => void;
}

export interface LiveDemo extends DemoPlatform {
  /** The live media server, or undefined when it could not start and placeholder URLs are used. */
  media: LiveMedia | undefined;
}

/**
 * The demo platform as people use it: the API with live media behind streamStart.
 *
 * One function for the CLI, the browser shell and the desktop app, so all three start the same
 * thing. When live media cannot start (its fixtures missing, say) the platform still starts with
 * placeholder URLs: a demo without pictures beats no demo. close() closes both.
 */
export async function startLiveDemo(options: LiveDemoOptions = {}): Promise<LiveDemo> {
  const { media: mediaOptions, warn, ...platformOptions } = options;
  let media: LiveMedia | undefined;
  try {
    media = await createLiveMedia({ host: platformOptions.host ?? '127.0.0.1', ...mediaOptions });
  } catch (error) {
    (warn ?? ((m: string) => process.stderr.write(`${m}\n`)))(
      `[demo] live media could not start (${(error as Error).message}); streams use placeholder URLs`,
    );
  }
  const platform = await startDemoPlatform({ ...platformOptions, ...(media && { media }) }).catch(
    async (error: unknown) => {
      await media?.close();
      throw error;
    },
  );
  return {
    ...platform,
    setDown: (down) => platform.setDown(down),
    media,
    close: async () => {
      await platform.close();
      await media?.close();
    },
  };
}
