import { memo, useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutTile } from '../../../electron/shared/layout';
import { splitForElision } from '../../lib/elide-middle';
import { useFittedName } from '../../components/use-fitted-name';
import type { TileState } from '../../lib/wall-engine';
import { stateText, troubleHeadline } from './tile-format';
import { tileName } from './tile-name';
import { usePictureScaling } from './use-picture-scaling';
import { useTilePlayback } from './use-tile-playback';

/** States in which a tour tile shows no picture and says why. */
const TROUBLE = new Set<TileState>(['starting', 'stalled', 'reconnecting', 'failed', 'paused-hidden']);

export interface TourTileProps {
  tile: LayoutTile;
  profileId: string;
  /** Where it stands in its grid (absent: it fills its parent, a cycling cell's layer). */
  area?: { column: number; row: number; columnSpan: number; rowSpan: number };
  /** Told each state the tile goes through (the layer's readiness). */
  onState?(id: string, state: TileState): void;
  /** Its id for onState. */
  id: string;
}

/**
 * A tile of a tour page: the device playing through the wall's engine (useTilePlayback, the same
 * supervisor as the wall's tiles: start waves, budget, recovery), its name, and why it shows no
 * picture. A presentation: no menu, no drag, no selection.
 */
export const TourTile = memo(function TourTile({ tile, profileId, area, onState, id }: TourTileProps) {
  const { t } = useTranslation('tiles');
  const videoRef = useRef<HTMLVideoElement>(null);
  const elementRef = useRef<HTMLDivElement>(null);
  const { snapshot } = useTilePlayback(videoRef, elementRef, {
    deviceKey: tile.deviceKey,
    sipId: tile.sipId,
    channelId: tile.channelId,
    profileId,
  });
  usePictureScaling(videoRef);
  const state: TileState = snapshot?.state ?? 'idle';
  useEffect(() => onState?.(id, state), [onState, id, state]);

  const name = tileName(tile);
  const { head, tail } = splitForElision(name);
  const nameRef = useFittedName<HTMLSpanElement>(head, tail);
  const style: CSSProperties | undefined = area && {
    gridColumn: `${area.column} / span ${area.columnSpan}`,
    gridRow: `${area.row} / span ${area.rowSpan}`,
  };
  const trouble = snapshot && TROUBLE.has(state);
  return (
    <div
      ref={elementRef}
      className={`wall-cell wall-tile tour-tile${area ? '' : ' tour-tile-fill'}`}
      style={style}
      role="group"
      aria-label={t('tile.ariaLabel', { name, state: snapshot ? stateText(snapshot) : t('state.idle') })}
      data-testid="tour-tile"
      data-device-key={tile.deviceKey}
      data-state={state}
      data-rate={snapshot?.rate}
    >
      <video ref={videoRef} className="wall-tile-video" muted playsInline disablePictureInPicture />
      <div className="wall-tile-caption">
        <span className={`wall-tile-dot wall-tile-dot-${state}`} aria-hidden="true" />
        <span ref={nameRef} className="wall-tile-name" dir="auto" title={`${name} (${tile.deviceKey})`}>
          <span className="wall-tile-name-head">{head}</span>
          {tail && <span className="wall-tile-name-tail">{tail}</span>}
        </span>
        {snapshot?.rate === 'overview' && (
          <span className="wall-tile-state" title={t('tile.overviewTitle')}>
            {t('tile.overview')}
          </span>
        )}
      </div>
      {trouble && snapshot && (
        <div className={`wall-tile-problem${state === 'failed' ? ' is-failed' : ''}`} role="status">
          {state === 'starting' && <span className="spinner" aria-hidden="true" />}
          <p className="wall-tile-problem-title">
            {snapshot.label && state !== 'starting' ? troubleHeadline(snapshot) : stateText(snapshot)}
          </p>
        </div>
      )}
    </div>
  );
});
