import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
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

/** An item another feature adds to the status bar (the room's state, issue #31), given around the wall. */
export const WallStatusExtraContext = createContext<ReactNode>(null);

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
  const extra = useContext(WallStatusExtraContext);
  const { t } = useTranslation('tiles');
  const percent = Math.round(f.share * 100);
  const degraded = degradedText(f);
  const behind = behindLiveText(f.behind);
  const warning = f.warning;
  const meterWidth = `${Math.min(100, Math.max(0, percent))}%`;
  const capacityTitle =
    f.capacitySource === 'setting' ? t('status.capacitySetting') : t('status.capacityEstimate');
  const rates = { rate: formatPixelRate(f.pixelRate), capacity: formatPixelRate(f.capacity) };
  const figures =
    f.capacitySource === 'estimate' ? t('status.decodingEstimate', rates) : t('status.decoding', rates);
  const fullRateNeed =
    f.suggestion && f.fullPixelRate > f.pixelRate * 1.05
      ? t('status.fullRateNeed', { rate: formatPixelRate(f.fullPixelRate) })
      : null;
  const gap = t('figures.sentenceGap');
  const fullWarning = warning ? [warning, f.suggestion, fullRateNeed].filter(Boolean).join(gap) : null;

  return (
    <div
      className="wall-status"
      role="status"
      aria-label={t('status.ariaLabel')}
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
          {t('status.playing', { n: formatNumber(f.playing) })}
        </span>
        <span className={`wall-status-count${f.stalled > 0 ? ' is-warn' : ''}`} data-kind="stalled">
          {t('status.stalled', { n: formatNumber(f.stalled) })}
        </span>
        <span className={`wall-status-count${f.failed > 0 ? ' is-danger' : ''}`} data-kind="failed">
          {t('status.failed', { n: formatNumber(f.failed) })}
        </span>
        {behind && (
          <span
            className="wall-status-count is-warn"
            data-kind="behind"
            data-testid="wall-status-behind"
            title={t('status.behindTitle')}
          >
            {behind}
          </span>
        )}
      </span>
      <span className="wall-status-item" title={t('status.bitrateTitle')} data-testid="wall-status-bitrate">
        {formatBitrate(f.bitrateKbps)}
      </span>
      <span
        className="wall-status-item wall-status-pixels"
        title={t('status.pixelsTitle', {
          figures,
          capacity: capacityTitle,
          percent: formatNumber(Math.round(WARN_SHARE * 100)),
        })}
        data-testid="wall-status-pixels"
        data-pixel-rate={Math.round(f.pixelRate)}
        data-capacity={Math.round(f.capacity)}
      >
        <span>{decodingLoadText(f.share)}</span>
        <span className="wall-status-meter" aria-hidden="true">
          <span className="wall-status-meter-fill" style={{ width: meterWidth }} />
          <span className="wall-status-meter-mark" style={{ insetInlineStart: `${WARN_SHARE * 100}%` }} />
        </span>
      </span>
      {degraded && (
        <span
          className="wall-status-item wall-status-degraded"
          data-testid="wall-status-degraded"
          title={t('status.degradedTitle')}
        >
          {f.byReason.load > 0 && f.degradedWhy
            ? t('status.degradedWhy', { text: degraded, why: f.degradedWhy })
            : degraded}
        </span>
      )}
      {!f.budgetOn && (
        <span
          className="wall-status-item wall-status-off"
          title={t('status.budgetOffTitle')}
          data-testid="wall-status-budget-off"
        >
          {t('status.budgetOff')}
        </span>
      )}
      {extra}
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
              {gap}
              {f.suggestion}
              {fullRateNeed && gap}
              {fullRateNeed}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
