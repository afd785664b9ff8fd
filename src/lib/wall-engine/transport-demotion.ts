import type { PlaybackTransport } from '../players/transport';

/**
 * Transports that keep failing before any frame: a tile tries them last until it plays (the
 * `demoteAfterFailures` setting), so one transport a network blocks does not hold up every attempt.
 */
export class TransportDemotion {
  private readonly failures = new Map<PlaybackTransport, number>();

  /** An attempt over `transport` failed before it showed a picture. */
  failedBeforePicture(transport: PlaybackTransport): void {
    this.failures.set(transport, (this.failures.get(transport) ?? 0) + 1);
  }

  /** `transport` showed a picture: it is trusted again. */
  played(transport: PlaybackTransport): void {
    this.failures.delete(transport);
  }

  clear(): void {
    this.failures.clear();
  }

  /** The user's order, with transports that failed `limit` times before any frame moved to the end. */
  order(order: readonly PlaybackTransport[], limit: number): PlaybackTransport[] {
    const good = order.filter((t) => (this.failures.get(t) ?? 0) < limit);
    const demoted = order.filter((t) => (this.failures.get(t) ?? 0) >= limit);
    return [...good, ...demoted];
  }
}
