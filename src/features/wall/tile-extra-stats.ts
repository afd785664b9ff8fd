import type { TileStats } from '../../lib/wall-engine';

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
 * packets lost (when the player reports them), and the host the stream is played from.
 */
export function extraStatsRows(stats: TileStats | null, url: string | null | undefined): [string, string][] {
  const rows: [string, string][] = [];
  if (stats && (stats.jitterBufferMs !== undefined || stats.packetsLost !== undefined)) {
    const jitter = stats.jitterBufferMs;
    rows.push(['jitter buffer', jitter === null || jitter === undefined ? '–' : `${Math.round(jitter)} ms`]);
    rows.push([
      'packets lost',
      stats.packetsLost === null || stats.packetsLost === undefined ? '–' : String(stats.packetsLost),
    ]);
  }
  const host = playedHost(url);
  if (host) rows.push(['host', host]);
  return rows;
}
