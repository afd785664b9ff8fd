import i18next from 'i18next';
import type { AppError } from '../../../electron/shared/contract';
import enTiles from '../../i18n/locales/en/tiles.json';
import { PLATFORM_ANSWERED } from '../error-words';
import { plainError } from '../plain-error';
import { engineDetailText } from './engine-detail-words';
import type { PlayerError } from '../players/player';

/** Why a tile is not playing, in terms a person acts on. */
export type FailureReason =
  | 'device-offline'
  | 'forbidden'
  | 'auth'
  | 'not-found'
  | 'codec-unsupported'
  | 'network'
  | 'media-server'
  | 'no-playable-url'
  | 'media-error'
  | 'connection-limit'
  | 'platform-error'
  | 'stalled';

/**
 * The tile's headline for each reason in English: the engine's own record of it (TileSnapshot.label,
 * the operator log's reason), which reads the same whatever language the screen speaks. What the
 * operator reads on a tile is `failureLabel`, worded in the app's language when it is shown.
 */
export const FAILURE_LABELS: Record<FailureReason, string> = enTiles.failure;

/** The tile's headline for a reason, in the app's language (the snapshot's `detail` adds the specifics). */
export function failureLabel(reason: FailureReason): string {
  return i18next.t(`tiles:failure.${reason}`);
}

export interface Failure {
  reason: FailureReason;
  /** Specifics for the tile and the log; never holds a secret or a URL with one. */
  detail: string;
  /** `detail` is the platform's own words, shown as it sent them and marked as the platform's. */
  detailByPlatform?: boolean;
  /** The URLs are suspect (expired secret, stream gone): ask the platform for fresh ones next time. */
  freshUrls?: boolean;
  /**
   * The platform or this computer said no (device offline, forbidden, codec): the tile shows
   * `failed` at once, and keeps retrying. Otherwise (a passing network fault) it shows
   * `reconnecting` for the first attempts.
   */
  persistent?: boolean;
  /**
   * Only this transport refused (a player's codec refusal: an FLV demuxer that knows no G.711):
   * the next transport in the tile's order is tried at once, and the long wait comes only when
   * every offered one refused (TransportFallback).
   */
  transportOnly?: boolean;
  /**
   * The player's decoder failed, not the stream's transport (PlayerError.decoder): the tile tries the
   * same transport once more through the other FLV player before anything else.
   */
  otherDecoder?: boolean;
}

/** A streams:start failure. The spec leaves "no stream" unspecified: 503 or "offline" in the text means offline. */
export function failureFromStartError(
  error: Pick<AppError, 'kind' | 'status' | 'message'> & { code?: string },
): Failure {
  const failure = startFailure(error);
  return {
    ...failure,
    persistent: failure.reason !== 'network',
    ...(error.code === PLATFORM_ANSWERED && { detailByPlatform: true }),
  };
}

function startFailure(error: Pick<AppError, 'kind' | 'status' | 'message'>): Failure {
  const detail = error.message;
  if (error.status === 503 || /offline|not online|no (available )?stream/i.test(error.message))
    return { reason: 'device-offline', detail };
  switch (error.kind) {
    case 'auth':
      return { reason: 'auth', detail };
    case 'forbidden':
      return { reason: 'forbidden', detail };
    case 'not-found':
      return { reason: 'not-found', detail };
    case 'network':
    case 'timeout':
    case 'cancelled':
      return { reason: 'network', detail };
    default:
      return { reason: 'platform-error', detail };
  }
}

/** A player's fatal error. Media-server HTTP refusals may mean an expired secret: fetch fresh URLs. */
export function failureFromPlayerError(error: PlayerError): Failure {
  const detail = error.message;
  switch (error.kind) {
    case 'http-status':
      if (error.status === 401) return { reason: 'auth', detail, freshUrls: true };
      if (error.status === 403) return { reason: 'forbidden', detail, freshUrls: true };
      if (error.status === 404 || error.status === 410)
        return { reason: 'not-found', detail, freshUrls: true };
      // The server answered, with an error of its own: no network problem, and said as it is.
      if ((error.status ?? 0) >= 500)
        return { reason: 'media-server', detail: `The media server answered HTTP ${error.status}` };
      return { reason: 'network', detail };
    case 'network':
    case 'ended':
      return { reason: 'network', detail };
    case 'codec-unsupported':
      return {
        reason: 'codec-unsupported',
        detail,
        persistent: true,
        transportOnly: true,
        ...(error.decoder && { otherDecoder: true }),
      };
    case 'unsupported':
      return { reason: 'no-playable-url', detail, persistent: true };
    case 'media':
      return { reason: 'media-error', detail, ...(error.decoder && { otherDecoder: true }) };
  }
}

/** The `<video>` element's own error (`MediaError`: code 2 is the network). */
export function failureFromVideoError(error: { code: number; message: string }): Failure {
  return failureFromPlayerError({
    kind: error.code === 2 ? 'network' : 'media',
    message: `video element error ${error.code}${error.message ? ` (${error.message})` : ''}`,
  });
}

/** Faults a lost network explains: the ones a tile retries at once when the network is back. */
export const NETWORK_FAULTS: ReadonlySet<FailureReason> = new Set<FailureReason>([
  'network',
  'stalled',
  'platform-error',
]);

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/\bdata\b\s*|数据/g, '')
    .replace(/[.。\s]+$/, '')
    .trim();

/**
 * The words under a tile's headline: its detail in plain words (plainError), or null when they would
 * only say the headline again ("The video could not be decoded" twice). A detail that starts with the
 * headline keeps what it adds. The headline is compared in English (a platform's words) and in the
 * app's language (plainError's own words).
 */
export function failureDetailText(reason: FailureReason | null, detail: string | null): string | null {
  if (!detail) return null;
  const words = engineDetailText(detail) ?? plainError(detail).message;
  if (!reason) return words;
  const said = comparable(words);
  for (const headlineText of new Set([failureLabel(reason), FAILURE_LABELS[reason]])) {
    const headline = comparable(headlineText);
    if (said === headline) return null;
    if (said.startsWith(headline)) {
      const rest = words
        .slice(headlineText.length)
        .replace(/^[\s:;,—–：；，-]+/, '')
        .trim();
      return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : null;
    }
  }
  return words;
}
