import { Button } from '../../components/button';
import type { TileState, WallEngine } from '../../lib/wall-engine';
import { usePolled } from './use-polled';
import { useWallEngine } from './use-wall-engine';

type Health = Record<TileState, number>;

/** The states the summary shows, in an operator's words, worst last. */
const SHOWN: { state: TileState; label: string }[] = [
  { state: 'playing', label: 'live' },
  { state: 'starting', label: 'connecting' },
  { state: 'paused-hidden', label: 'paused (hidden)' },
  { state: 'reconnecting', label: 'reconnecting' },
  { state: 'stalled', label: 'stalled' },
  { state: 'failed', label: 'failed' },
];

interface WallCounts {
  health: Health;
  /** Tiles waiting out a backoff: what "↻ Retry" retries. */
  waiting: number;
}

const same = (a: WallCounts, b: WallCounts) =>
  a.waiting === b.waiting && SHOWN.every(({ state }) => a.health[state] === b.health[state]);

/** The wall's tiles counted by state, read once a second; re-renders only when a count changed. */
function useWallCounts(engine: WallEngine): WallCounts {
  return usePolled(() => ({ health: engine.health(), waiting: engine.waitingToRetry() }), same, 1_000, [
    engine,
  ]);
}

/**
 * "9 live · 1 reconnecting · 2 failed" in the toolbar: how the whole wall is doing without scanning
 * every tile. Each count carries `data-state` and `data-count` for monitoring.
 */
export function WallHealth() {
  const engine = useWallEngine();
  const { health, waiting } = useWallCounts(engine);
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
