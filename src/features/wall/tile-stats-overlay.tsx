import type { TileStats } from '../../lib/wall-engine';
import { statsRows } from './tile-format';

/** The figures of a tile's player, read about once a second by the tile itself. */
export function TileStatsOverlay({ stats }: { stats: TileStats | null }) {
  return (
    <dl className="wall-tile-stats" data-testid="wall-tile-stats" aria-label="Playback statistics">
      {statsRows(stats).map(([label, value]) => (
        <div key={label} className="wall-tile-stats-row" data-stat={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
