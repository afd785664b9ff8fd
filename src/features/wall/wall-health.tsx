import { Button } from '../../components/button';
import type { TileState } from '../../lib/wall-engine';
import { useWallReading } from './use-wall-reading';
import { useWallEngine } from './use-wall-engine';

/** The states the summary shows, in an operator's words, worst last. */
const SHOWN: { state: TileState; label: string }[] = [
  { state: 'playing', label: 'live' },
  { state: 'starting', label: 'connecting' },
  { state: 'paused-hidden', label: 'paused (hidden)' },
  { state: 'reconnecting', label: 'reconnecting' },
  { state: 'stalled', label: 'stalled' },
  { state: 'failed', label: 'failed' },
];

/**
 * "9 live · 1 reconnecting · 2 failed" in the toolbar: how the whole wall is doing without scanning
 * every tile. Each count carries `data-state` and `data-count` for monitoring.
 */
export function WallHealth() {
  const engine = useWallEngine();
  // The same reading as the status bar under the wall (use-wall-reading.ts): the two always agree.
  const { health, waiting } = useWallReading();
  const shown = SHOWN.filter(({ state }) => health[state] > 0);
  const problems = health.stalled + health.reconnecting + health.failed;
  return (
    <span className="wall-health-bar">
      <span
        className="wall-health small"
        role="status"
        aria-label="Tiles by state"
        data-testid="wall-health"
        data-problems={problems}
      >
        {shown.map(({ state, label }) => (
          <span key={state} className="wall-health-count" data-state={state} data-count={health[state]}>
            <span className={`wall-tile-dot wall-tile-dot-${state}`} aria-hidden="true" />
            {health[state]} {label}
          </span>
        ))}
      </span>
      {waiting > 0 && (
        <Button
          size="small"
          variant="ghost"
          data-testid="wall-retry-all"
          aria-label={`Retry ${waiting === 1 ? 'the tile' : `all ${waiting} tiles`} waiting to reconnect, now`}
          title="Every tile waiting to reconnect tries again now, without waiting out its delay"
          onClick={() => engine.retryAllNow()}
        >
          ↻ Retry
        </Button>
      )}
    </span>
  );
}
