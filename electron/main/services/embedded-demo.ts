import type { MediaBackend } from '../demo-platform/media-backend';
import { startDemoPlatform, type DemoPlatform } from '../demo-platform/server';
import type { DemoLaunch } from '../main/services/core';
import type { Logger } from '../main/services/logger';

interface Running {
  platform: DemoPlatform;
  media: (MediaBackend & { close(): Promise<void> }) | undefined;
}

/**
 * The demo platform inside the browser shell: started on the first demo:start, once, on a free
 * loopback port, with live media so the demo wall really plays; closed with the shell.
 *
 * When the live media cannot start (its fixtures missing, say) the platform still starts, with its
 * placeholder URLs: a demo without pictures beats no demo.
 */
export class EmbeddedDemo {
  private running: Promise<Running> | undefined;

  constructor(private readonly log: Logger) {}

  async start(): Promise<DemoLaunch> {
    this.running ??= this.launch().catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    const { platform } = await this.running;
    return { baseUrl: platform.baseUrl, credentials: { type: 'user', ...platform.credentials.user } };
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    const started = await running?.catch(() => undefined);
    await started?.platform.close();
    // A media backend passed in stays the caller's to close (see DemoPlatformOptions.media).
    await started?.media?.close();
  }

  private async launch(): Promise<Running> {
    let media: Running['media'];
    try {
      const { createLiveMedia } = await import('../demo-platform/media');
      media = await createLiveMedia({ host: '127.0.0.1', port: 0 });
    } catch (error) {
      this.log.warn('live media could not start: the demo streams use placeholder URLs', {
        error: (error as Error).message,
      });
    }
    const demoLog = this.log.child('platform');
    const platform = await startDemoPlatform({
      host: '127.0.0.1',
      port: 0,
      ...(media && { media }),
      log: (line) => demoLog.debug(line),
    }).catch(async (error: unknown) => {
      await media?.close();
      throw error;
    });
    this.log.info(`demo platform on ${platform.baseUrl}${media ? ' with live media' : ''}`);
    return { platform, media };
  }
}
