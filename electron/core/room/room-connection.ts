import type { RoomConfig, RoomConnection } from '../../shared/room';
import type { LinkReason, RoomLink } from './room-link';

type State = RoomConnection['state'];

/** The bus now: its state, why it is away or off, and since when. */
export interface ConnectionSummary {
  state: State;
  reason: LinkReason | null;
  since: string | null;
}

const sameReason = (a: LinkReason | null, b: LinkReason | null) =>
  a?.message === b?.message && a?.code === b?.code;

/**
 * The bus as the status bar says it, from all of this PC's links (its console's and its screens'):
 * away when any is away (with that link's reason), connecting while any is still connecting,
 * online when all are; since when it has been so.
 */
export class ConnectionWatch {
  private readonly reasons = new Map<RoomLink, LinkReason | null>();
  private current: ConnectionSummary = {
    state: 'off',
    reason: null,
    since: null,
  };

  constructor(private readonly now: () => number) {}

  /** Follow a link; calls `changed` whenever the summary may have changed. */
  watch(link: RoomLink, changed: () => void): () => void {
    this.reasons.set(link, null);
    const stop = link.onState((_state, reason, coded) => {
      this.reasons.set(link, coded ?? (reason === null ? null : { message: reason }));
      // Noted now, so `since` is when it happened rather than when someone next asks.
      this.summary(null);
      changed();
    });
    return () => {
      stop();
      this.reasons.delete(link);
    };
  }

  /** The summary now; `off` (with why) when no link is open. */
  summary(offReason: LinkReason | null): ConnectionSummary {
    const links = [...this.reasons.keys()];
    let state: State = 'off';
    let reason: LinkReason | null = offReason;
    if (links.length > 0) {
      const away = links.find((l) => l.state === 'away');
      state = away ? 'away' : links.some((l) => l.state !== 'online') ? 'connecting' : 'online';
      reason = away ? (this.reasons.get(away) ?? null) : null;
    }
    if (state !== this.current.state || !sameReason(reason, this.current.reason))
      this.current = {
        state,
        reason,
        since: state === this.current.state ? this.current.since : new Date(this.now()).toISOString(),
      };
    return this.current;
  }
}

/**
 * Where this PC's links connect: its own hosted broker when it hosts one (on the address it listens
 * on; loopback for "every interface"), else the room's broker URL; null when there is neither.
 */
export function brokerUrlOf(
  config: RoomConfig,
  hosting: { host: string; port: number } | null,
): string | null {
  if (config.hostedBroker.enabled) {
    const where = hosting ?? config.hostedBroker;
    const host = ['0.0.0.0', '::', '[::]'].includes(where.host) ? '127.0.0.1' : where.host;
    return `mqtt://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${where.port}`;
  }
  return config.brokerUrl;
}
