import { createHash } from 'node:crypto';
import type { Logger } from '../logger';
import type { NoticeSink } from '../ports';
import {
  HostedBrokerError,
  startHostedBroker,
  type HostedBroker,
  type HostedBrokerOptions,
} from './hosted-broker';
import type { RoomCurrent } from './room-config-store';

/** Where the hosted broker listens now, and why it does not when it should. */
export interface HostingState {
  hosting: { host: string; port: number } | null;
  /** Why the broker this PC should host is not running (a port in use), in words; null when fine. */
  problem: string | null;
}

/**
 * Starts, restarts and stops the broker this PC hosts as the room's settings say: running while the
 * room is enabled and `hostedBroker.enabled`, restarted when its address or login changes. Changes are
 * applied one after another; a failure to start is kept as the problem and raised as a notice.
 */
export class HostedBrokerRunner {
  private running: { broker: HostedBroker; key: string } | null = null;
  private problem: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(state: HostingState) => void>();
  private closed = false;

  constructor(
    private readonly deps: {
      onNotice: NoticeSink;
      log: Logger;
      start?: (options: HostedBrokerOptions) => Promise<HostedBroker>;
    },
  ) {}

  state(): HostingState {
    const broker = this.running?.broker;
    return { hosting: broker ? { host: broker.host, port: broker.port } : null, problem: this.problem };
  }

  onChange(listener: (state: HostingState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bring the hosted broker in line with the settings; resolves once it is (or failed to start). */
  apply(current: RoomCurrent): Promise<void> {
    const run = this.queue.then(() => this.reconcile(current));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stop for good (the core is closing). */
  close(): Promise<void> {
    this.closed = true;
    const run = this.queue.then(() => this.stop());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async reconcile({ config, password }: RoomCurrent): Promise<void> {
    const wanted: HostedBrokerOptions | null =
      !this.closed && config.enabled && config.hostedBroker.enabled
        ? {
            host: config.hostedBroker.host,
            port: config.hostedBroker.port,
            username: config.username,
            password,
          }
        : null;
    const key = wanted && keyOf(wanted);
    if (key === (this.running?.key ?? null) && (wanted === null || this.problem === null)) return;
    await this.stop();
    if (!wanted || !key) {
      this.setProblem(null);
      return;
    }
    try {
      const broker = await (this.deps.start ?? startHostedBroker)(wanted);
      this.running = { broker, key };
      this.deps.log.info(`hosting the room's broker on ${broker.host}:${broker.port}`);
      this.setProblem(null);
    } catch (error) {
      const refused =
        error instanceof HostedBrokerError
          ? error
          : new HostedBrokerError(
              'failed',
              `The hosted broker could not start on ${wanted.host}:${wanted.port}: ${String(error)}`,
              { host: wanted.host, port: wanted.port, technical: String(error) },
            );
      const message = refused.message;
      this.deps.log.warn(message);
      this.deps.onNotice({
        level: 'error',
        source: 'room',
        message,
        code: refused.code,
        params: refused.params,
      });
      this.setProblem(message);
    }
  }

  private async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    await running.broker.close();
    this.deps.log.info('the hosted broker stopped');
    this.emit();
  }

  private setProblem(problem: string | null): void {
    this.problem = problem;
    this.emit();
  }

  private emit(): void {
    const state = this.state();
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch {
        // One listener's failure must not stop the broker's bookkeeping.
      }
    }
  }
}

/** What a running broker was started with; the password only as a digest (kept in memory only). */
function keyOf(options: HostedBrokerOptions): string {
  const login = createHash('sha256')
    .update(`${options.username ?? ''}\u0000${options.password ?? ''}`)
    .digest('hex');
  return `${options.host}|${options.port}|${login}`;
}
