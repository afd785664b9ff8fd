import { useTranslation } from 'react-i18next';
import type { TileStats, TriedTransport } from '../../lib/wall-engine';
import { extraStatsRows } from './tile-extra-stats';
import { statsRows } from './tile-format';
import type enTiles from '../../i18n/locales/en/tiles.json';

/** A row's id (`data-stat`, the same in every language) → its words, `stats.label.<key>`. */
const STAT_LABEL: Record<string, keyof typeof enTiles.stats.label> = {
  state: 'state',
  fps: 'fps',
  'behind live': 'behindLive',
  bitrate: 'bitrate',
  'last frame': 'lastFrame',
  resolution: 'resolution',
  codec: 'codec',
  trail: 'trail',
  queued: 'queued',
  dropped: 'dropped',
  transport: 'transport',
  'jitter buffer': 'jitterBuffer',
  'packets lost': 'packetsLost',
  sound: 'sound',
  'refused by': 'refusedBy',
  host: 'host',
};

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
  const { t } = useTranslation('tiles');
  return (
    <dl className="wall-tile-stats" data-testid="wall-tile-stats" aria-label={t('stats.ariaLabel')}>
      {[...statsRows(stats), ...extraStatsRows(stats, url, tried)].map(([id, value]) => (
        <div key={id} className="wall-tile-stats-row" data-stat={id}>
          <dt>{id in STAT_LABEL ? t(`stats.label.${STAT_LABEL[id]}`) : id}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
