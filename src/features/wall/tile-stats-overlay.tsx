import type { TileStats, TriedTransport } from '../../lib/wall-engine';
import { extraStatsRows } from './tile-extra-stats';
import { statsRows } from './tile-format';

/**
 * The figures of a tile's player, read about once a second by the tile itself; `url` (the tile's
 * current URL, redacted) gives the host it is played from; `tried`, the transports that refused the
 * stream before this one.
 */
export function TileStatsOverlay({
  stats,
  url,
  tried,
}: {
  stats: TileStats | null;
  url?: string | null;
  tried?: readonly TriedTransport[];
}) {
  return (
    <dl className="wall-tile-stats" data-testid="wall-tile-stats" aria-label="Playback statistics">
      {[...statsRows(stats), ...extraStatsRows(stats, url, tried)].map(([label, value]) => (
        <div key={label} className="wall-tile-stats-row" data-stat={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
