import { startDemoPlatform, type DemoPlatform } from '../../demo-platform/server';
import type { DemoLaunch } from '../services/core';
import { createLogger } from '../services/logger';

const log = createLogger('demo-platform');

/**
 * The demo platform inside the desktop app: started on first use (demo:start), once, on a free
 * loopback port, and closed when the app quits.
 */
export class EmbeddedDemoPlatform {
  private platform: Promise<DemoPlatform> | undefined;

  /** Start the platform (or reuse the running one) and hand the core a working User login. */
  async start(): Promise<DemoLaunch> {
    this.platform ??= startDemoPlatform({ host: '127.0.0.1', port: 0, log: (line) => log.debug(line) }).catch(
      (error: unknown) => {
        this.platform = undefined;
        throw error;
      },
    );
    const { baseUrl, credentials } = await this.platform;
    log.info(`listening on ${baseUrl}`);
    return { baseUrl, credentials: { type: 'user', ...credentials.user } };
  }

  async close(): Promise<void> {
    const running = this.platform;
    this.platform = undefined;
    const platform = await running?.catch(() => undefined);
    await platform?.close();
  }
}
