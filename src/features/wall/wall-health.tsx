import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { formatNumber } from '../../i18n/format';
import type { TileState } from '../../lib/wall-engine';
import { useWallReading } from './use-wall-reading';
import { useWallEngine } from './use-wall-engine';

/** The states the summary shows, worst last (playing: those that are live); their words are `health.<state>`. */
const SHOWN: readonly Exclude<TileState, 'idle'>[] = [
  'playing',
  'starting',
  'paused-hidden',
  'reconnecting',
  'stalled',
  'failed',
];

/**
 * "9 live · 2 behind live · 1 reconnecting · 2 failed" in the toolbar: how the whole wall is doing
 * without scanning every tile. A playing tile whose picture is behind live (past the liveness margin)
 * is counted as behind, never as live. Each count carries `data-state` and `data-count` for monitoring.
 */
export function WallHealth() {
  const engine = useWallEngine();
  const { t } = useTranslation('tiles');
  // The same reading as the status bar under the wall (use-wall-reading.ts): the two always agree.
  const { health, waiting, figures } = useWallReading();
  const behind = figures.behind;
  const counts = { ...health, playing: health.playing - behind };
  const shown = SHOWN.filter((state) => counts[state] > 0);
  const problems = health.stalled + health.reconnecting + health.failed;
  return (
    <span className="wall-health-bar">
      <span
        className="wall-health small"
        role="status"
        aria-label={t('health.ariaLabel')}
        data-testid="wall-health"
        data-problems={problems}
      >
        {shown.map((state) => (
          <span key={state} className="wall-health-count" data-state={state} data-count={counts[state]}>
            <span className={`wall-tile-dot wall-tile-dot-${state}`} aria-hidden="true" />
            {t(`health.${state}`, { n: formatNumber(counts[state]) })}
          </span>
        ))}
        {behind > 0 && (
          <span className="wall-health-count" data-state="behind" data-count={behind}>
            <span className="wall-tile-dot wall-tile-dot-stalled" aria-hidden="true" />
            {t('health.behind', { n: formatNumber(behind) })}
          </span>
        )}
      </span>
      {waiting > 0 && (
        <Button
          size="small"
          variant="ghost"
          data-testid="wall-retry-all"
          aria-label={t('health.retryAll', { count: waiting })}
          title={t('health.retryTitle')}
          onClick={() => engine.retryAllNow()}
        >
          {t('health.retry')}
        </Button>
      )}
    </span>
  );
}
