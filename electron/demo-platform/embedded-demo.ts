import { startLiveDemo, type LiveDemo } from './live-demo';
import type { Credentials } from '../shared/domain';

/** The part of a scoped logger this needs (the shells' loggers have it). */
interface DemoLog {
  child(scope: string): DemoLog;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

/** Where the embedded demo platform listens and a working User login: what the core's DemoLauncher takes. */
export interface DemoLaunch {
  baseUrl: string;
  credentials: Credentials;
}

/**
 * The demo platform inside a shell: started on the first demo:start, once, on a free loopback
 * port, with live media so the demo wall really plays; closed with the shell.
 */
export class EmbeddedDemo {
  private running: Promise<LiveDemo> | undefined;

  constructor(private readonly log: DemoLog) {}

  async start(): Promise<DemoLaunch> {
    this.running ??= this.launch().catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    const platform = await this.running;
    return { baseUrl: platform.baseUrl, credentials: { type: 'user', ...platform.credentials.user } };
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    const started = await running?.catch(() => undefined);
    await started?.close();
  }

  private async launch(): Promise<LiveDemo> {
    const demoLog = this.log.child('platform');
    const platform = await startLiveDemo({
      host: '127.0.0.1',
      port: 0,
      log: (line) => demoLog.debug(line),
      warn: (message) => this.log.warn(message),
      // DEMO_PLATFORM_ZLM=1: the embedded demo serves media as a real ZLMediaKit does (as `--zlm`).
      media: { log: (line) => this.log.info(line), zlm: process.env.DEMO_PLATFORM_ZLM === '1' },
    });
    this.log.info(`demo platform on ${platform.baseUrl}${platform.media ? ' with live media' : ''}`);
    return platform;
  }
}
