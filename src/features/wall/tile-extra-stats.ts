import i18next from 'i18next';
import { formatNumber } from '../../i18n/format';
import type { TileStats, TriedTransport } from '../../lib/wall-engine';
import { transportName } from '../../lib/wall-engine/unplayable';

/**
 * The host (and port) a tile's stream is played from, as its URL names it after any media host
 * override: never the path or the query, which carries the stream's secret. Null when unknown.
 */
export function playedHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * The stats overlay's rows beyond the players' common figures: WebRTC's jitter buffer delay and
 * packets lost (when the player reports them), the audible tile's sound ("alaw · cannot play here"),
 * the transports that refused the stream ("WS-FLV, HTTP-FLV"), and the host the stream is played from.
 */
export function extraStatsRows(
  stats: TileStats | null,
  url: string | null | undefined,
  tried?: readonly TriedTransport[],
): [string, string][] {
  const rows: [string, string][] = [];
  if (stats && (stats.jitterBufferMs !== undefined || stats.packetsLost !== undefined)) {
    const jitter = stats.jitterBufferMs;
    rows.push([
      'jitter buffer',
      jitter === null || jitter === undefined
        ? '–'
        : i18next.t('tiles:stats.ms', { value: formatNumber(Math.round(jitter)) }),
    ]);
    rows.push([
      'packets lost',
      stats.packetsLost === null || stats.packetsLost === undefined ? '–' : formatNumber(stats.packetsLost),
    ]);
  }
  if (stats?.audio) {
    const words = i18next.t(`tiles:stats.sound.${stats.audio.state}`);
    // The codec is the stream's own name for it ("alaw"), in every language.
    rows.push(['sound', `${stats.audio.codec ? `${stats.audio.codec} · ` : ''}${words}`]);
  }
  if (tried && tried.length > 0)
    rows.push([
      'refused by',
      tried.map((t) => transportName(t.transport)).join(i18next.t('tiles:stats.listSeparator')),
    ]);
  const host = playedHost(url);
  if (host) rows.push(['host', host]);
  return rows;
}
