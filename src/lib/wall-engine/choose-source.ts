import { codecFamily } from '../players/codec';
import { holdsHttpConnection, needsMse, type PlaybackTransport } from '../players/transport';
import type { RuntimeCapabilities } from './capabilities';
import type { StreamCandidate } from './classify';
import type { ConnectionBudget, ConnectionLease } from './connection-budget';

export interface ChooseOptions {
  /** The user's order of preference. Transports not in it are never chosen. */
  order: readonly PlaybackTransport[];
  capabilities: RuntimeCapabilities;
  /** Shared by all tiles of the page. Without one, connections are not counted. */
  budget?: ConnectionBudget;
  /** The stream's codec if already known (from an earlier attempt's media info). */
  codec?: string | null;
  /** Prefer https/wss URLs (default: plain ones first — cheaper, and no certificate surprises). */
  preferTls?: boolean;
}

type SkipReason =
  | 'not-in-order'
  | 'needs-mse'
  | 'ws-fmp4-unsupported'
  | 'webrtc-unsupported'
  | 'insecure-blocked'
  | 'connection-limit';

export type Choice =
  | {
      ok: true;
      candidate: StreamCandidate;
      /** Held for a long-lived HTTP transport: release it when the player is destroyed. */
      lease: ConnectionLease | null;
      skipped: { candidate: StreamCandidate; why: SkipReason }[];
    }
  | {
      ok: false;
      reason: 'no-playable-url' | 'codec-unsupported' | 'connection-limit';
      message: string;
      skipped: { candidate: StreamCandidate; why: SkipReason }[];
    };

/**
 * Pick the URL to play: the first candidate in the user's order that this runtime can play and that
 * fits the connection budget. Taking the lease is part of the choice (the budget is shared, and two
 * tiles must never both see the last free connection). Only the progressive HTTP transports take a lease:
 * WebSockets have their own pool, HLS makes short requests, and WebRTC posts one offer and then receives
 * over UDP (`holdsHttpConnection`).
 */
export function chooseSource(candidates: readonly StreamCandidate[], options: ChooseOptions): Choice {
  const { order, capabilities, budget } = options;
  const skipped: { candidate: StreamCandidate; why: SkipReason }[] = [];

  if (options.codec) {
    const family = codecFamily(options.codec);
    if (
      (family === 'hevc' && !capabilities.hevc) ||
      (family === 'h264' && !capabilities.h264 && capabilities.mse)
    )
      return {
        ok: false,
        reason: 'codec-unsupported',
        message: `this computer cannot decode ${family === 'hevc' ? 'H.265' : 'H.264'} video (${options.codec})`,
        skipped,
      };
  }

  // Plain before TLS across the whole order (unless preferTls): an https/wss URL is another origin with
  // its own certificate, often not served at all, so it is the fallback, not the next best transport.
  const rank = (c: StreamCandidate) => {
    const tlsRank = (options.preferTls ?? false) === c.tls ? 0 : 1;
    return tlsRank * order.length + order.indexOf(c.transport);
  };
  const ordered = candidates
    .filter((c) => {
      if (order.includes(c.transport)) return true;
      skipped.push({ candidate: c, why: 'not-in-order' });
      return false;
    })
    .sort((a, b) => rank(a) - rank(b));

  for (const candidate of ordered) {
    if (needsMse(candidate.transport) && !capabilities.mse) {
      skipped.push({ candidate, why: 'needs-mse' });
      continue;
    }
    if (candidate.transport === 'ws-fmp4' && !capabilities.wsFmp4) {
      skipped.push({ candidate, why: 'ws-fmp4-unsupported' });
      continue;
    }
    if (candidate.transport === 'webrtc' && capabilities.webrtc === false) {
      skipped.push({ candidate, why: 'webrtc-unsupported' });
      continue;
    }
    if (!candidate.tls && capabilities.insecure === false) {
      skipped.push({ candidate, why: 'insecure-blocked' });
      continue;
    }
    let lease: ConnectionLease | null = null;
    if (budget && holdsHttpConnection(candidate.transport)) {
      lease = budget.tryAcquire(candidate.origin);
      if (!lease) {
        skipped.push({ candidate, why: 'connection-limit' });
        continue;
      }
    }
    return { ok: true, candidate, lease, skipped };
  }

  if (skipped.some((s) => s.why === 'connection-limit'))
    return {
      ok: false,
      reason: 'connection-limit',
      message:
        'every connection the browser allows to this media server is in use and the stream offers no ' +
        'WebSocket, HLS or WebRTC address',
      skipped,
    };
  return {
    ok: false,
    reason: 'no-playable-url',
    message:
      candidates.length === 0
        ? 'the platform returned no address a browser can play'
        : 'none of the stream addresses can be played here with the transports enabled in the settings',
    skipped,
  };
}
