import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useStatusBarFit } from './status-bar-fit';
import { StatusWords } from './status-words';
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
 * `data-level` (ok, warning, over) and `data-*` counts are there for monitoring and tests. Where the
 * bar is too narrow for all it says (a wall beside the catalog at 1280 px, Chinese, the room's items)
 * it gives way step by step, `data-fit` (status-bar-fit.ts): short forms, then zero counts left out,
 * then the items of least weight shrinking, each with its whole text in its tooltip.
 */
export function WallStatusBar() {
  const { figures: f } = useWallReading();
  const extra = useContext(WallStatusExtraContext);
  const { t } = useTranslation('tiles');
  const bar = useRef<HTMLDivElement>(null);
  useStatusBarFit(bar);
  const percent = Math.round(f.share * 100);
  const degraded = degradedText(f);
  const degradedWords =
    degraded && f.byReason.load > 0 && f.degradedWhy
      ? t('status.degradedWhy', { text: degraded, why: f.degradedWhy })
      : degraded;
  const behind = behindLiveText(f.behind);
  const loadWords = decodingLoadText(f.share);
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
      ref={bar}
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
        <span className={`wall-status-count${f.stalled > 0 ? ' is-warn' : ' is-zero'}`} data-kind="stalled">
          {t('status.stalled', { n: formatNumber(f.stalled) })}
        </span>
        <span className={`wall-status-count${f.failed > 0 ? ' is-danger' : ' is-zero'}`} data-kind="failed">
          {t('status.failed', { n: formatNumber(f.failed) })}
        </span>
        {behind && (
          <span
            className="wall-status-count is-warn"
            data-kind="behind"
            data-testid="wall-status-behind"
            title={`${behind}\n${t('status.behindTitle')}`}
          >
            <StatusWords text={behind} short={t('status.behindShort', { n: formatNumber(f.behind) })} />
          </span>
        )}
      </span>
      <span
        className="wall-status-item"
        title={t('status.bitrateTitle')}
        data-testid="wall-status-bitrate"
        data-kbps={f.bitrateKbps === null ? undefined : Math.round(f.bitrateKbps)}
      >
        {formatBitrate(f.bitrateKbps)}
      </span>
      <span
        className="wall-status-item wall-status-pixels"
        title={`${loadWords}\n${t('status.pixelsTitle', {
          figures,
          capacity: capacityTitle,
          percent: formatNumber(Math.round(WARN_SHARE * 100)),
        })}`}
        data-testid="wall-status-pixels"
        data-pixel-rate={Math.round(f.pixelRate)}
        data-capacity={Math.round(f.capacity)}
      >
        <StatusWords text={loadWords} short={t('status.loadShort', { percent: formatNumber(percent) })} />
        <span className="wall-status-meter" aria-hidden="true">
          <span className="wall-status-meter-fill" style={{ width: meterWidth }} />
          <span className="wall-status-meter-mark" style={{ insetInlineStart: `${WARN_SHARE * 100}%` }} />
        </span>
      </span>
      {degradedWords && (
        <span
          className="wall-status-item wall-status-degraded wall-status-yields"
          data-testid="wall-status-degraded"
          title={`${degradedWords}\n${t('status.degradedTitle')}`}
        >
          <StatusWords
            text={degradedWords}
            short={t('figures.degraded', { total: formatNumber(f.degraded) })}
          />
        </span>
      )}
      {!f.budgetOn && (
        <span
          className="wall-status-item wall-status-off wall-status-yields"
          title={`${t('status.budgetOff')}\n${t('status.budgetOffTitle')}`}
          data-testid="wall-status-budget-off"
        >
          <StatusWords text={t('status.budgetOff')} short={t('status.budgetOffShort')} />
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
