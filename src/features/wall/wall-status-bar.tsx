import { useWallReading } from './use-wall-reading';
import {
  behindLiveText,
  decodingLoadText,
  degradedText,
  formatBitrate,
  formatPixelRate,
  WARN_SHARE,
} from './wall-figures';
import './wall-status-bar.css';

/**
 * The line under the wall: tiles playing, stalled and failed; what they receive; the pixels they
 * decode each second against what this computer sustains (a setting, or an estimate); how many tiles
 * show overview pictures and why; and, from 85 % of the computer's figure or once the decode budget
 * has to hold tiles back, a warning with what to do about it.
 *
 * `data-level` (ok, warning, over) and `data-*` counts are there for monitoring and tests.
 */
export function WallStatusBar() {
  const { figures: f } = useWallReading();
  const percent = Math.round(f.share * 100);
  const degraded = degradedText(f);
  const behind = behindLiveText(f.behind);
  const warning = f.warning;
  const meterWidth = `${Math.min(100, Math.max(0, percent))}%`;
  const capacityTitle =
    f.capacitySource === 'setting'
      ? 'This computer’s figure, from Settings › Decode budget'
      : 'An estimate from this computer’s cores (Settings › Decode budget keeps a measured figure)';
  const figures = `Decoding ${formatPixelRate(f.pixelRate)} of ${f.capacitySource === 'estimate' ? '~' : ''}${formatPixelRate(f.capacity)} this computer sustains`;
  const fullWarning = warning
    ? [
        warning,
        f.suggestion,
        f.suggestion && f.fullPixelRate > f.pixelRate * 1.05
          ? `At full rate these tiles would need ${formatPixelRate(f.fullPixelRate)}.`
          : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;

  return (
    <div
      className="wall-status"
      role="status"
      aria-label="Wall status"
      data-testid="wall-status"
      data-level={f.level}
      data-playing={f.playing}
      data-behind={f.behind}
      data-stalled={f.stalled}
      data-failed={f.failed}
      data-degraded={f.degraded}
      data-pixel-share={percent}
    >
      <span className="wall-status-item wall-status-tiles">
        <span className="wall-status-count" data-kind="playing">
          <span className="wall-tile-dot wall-tile-dot-playing" aria-hidden="true" />
          {f.playing} playing
        </span>
        <span className={`wall-status-count${f.stalled > 0 ? ' is-warn' : ''}`} data-kind="stalled">
          {f.stalled} stalled
        </span>
        <span className={`wall-status-count${f.failed > 0 ? ' is-danger' : ''}`} data-kind="failed">
          {f.failed} failed
        </span>
        {behind && (
          <span
            className="wall-status-count is-warn"
            data-kind="behind"
            data-testid="wall-status-behind"
            title="Playing, but their picture is more than 2 s behind the camera (measured from the streams’ own timestamps): not live. They catch up by themselves; the decode budget counts a wall falling behind as load."
          >
            {behind}
          </span>
        )}
      </span>
      <span
        className="wall-status-item"
        title="Received by every playing tile"
        data-testid="wall-status-bitrate"
      >
        {formatBitrate(f.bitrateKbps)}
      </span>
      <span
        className="wall-status-item wall-status-pixels"
        title={`${figures}: decoded pixels per second (width × height × pictures per second, every tile). ${capacityTitle}. A warning from ${Math.round(WARN_SHARE * 100)} %.`}
        data-testid="wall-status-pixels"
        data-pixel-rate={Math.round(f.pixelRate)}
        data-capacity={Math.round(f.capacity)}
      >
        <span>{decodingLoadText(f.share)}</span>
        <span className="wall-status-meter" aria-hidden="true">
          <span className="wall-status-meter-fill" style={{ width: meterWidth }} />
          <span className="wall-status-meter-mark" style={{ left: `${WARN_SHARE * 100}%` }} />
        </span>
      </span>
      {degraded && (
        <span
          className="wall-status-item wall-status-degraded"
          data-testid="wall-status-degraded"
          title="Tiles in overview show one picture per keyframe (every 1–2 s) to spare the computer"
        >
          {degraded}
          {f.byReason.load > 0 && f.degradedWhy ? ` (${f.degradedWhy})` : ''}
        </span>
      )}
      {!f.budgetOn && (
        <span
          className="wall-status-item wall-status-off"
          title="Settings › Decode budget: every tile plays at full rate unless pinned to overview"
          data-testid="wall-status-budget-off"
        >
          Decode budget off
        </span>
      )}
      {warning && (
        // One line whatever its length (the bar keeps its height); the whole of it in the tooltip.
        <span
          className="wall-status-warning"
          data-testid="wall-status-warning"
          title={fullWarning ?? undefined}
        >
          <span aria-hidden="true">⚠</span> {warning}
          {f.suggestion && (
            <span className="wall-status-suggestion" data-testid="wall-status-suggestion">
              {' '}
              {f.suggestion}
              {f.fullPixelRate > f.pixelRate * 1.05 &&
                ` At full rate these tiles would need ${formatPixelRate(f.fullPixelRate)}.`}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
