import { plainError } from '../../lib/plain-error';
import { memo, useEffect, useMemo, useRef, type CSSProperties, type DragEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import type { PlacedTile } from '../../../electron/shared/layout';
import { splitForElision } from '../../lib/elide-middle';
import { useFittedName } from '../../components/use-fitted-name';
import { monotonicNow } from '../../lib/monotonic-now';
import { failureDetailText, type TileSnapshot } from '../../lib/wall-engine';
import { selectLayouts, useCoreMirror } from '../../session/core-mirror';
import {
  behindText,
  downText,
  namedDetail,
  retryText,
  savedDeviceName,
  staleText,
  stateText,
  triedText,
  troubleHeadline,
} from './tile-format';
import { TileMenu } from './tile-menu';
import { OBJECT_FIT } from './picture-scaling';
import { TileActionsContext, type TileActions } from './tile-actions-context';
import { TileBadges } from './tile-badges';
import { isZoomed, zoomTransform } from './tile-zoom';
import { useTileAudio } from './use-tile-audio';
import { useTileZoom } from './use-tile-zoom';
import { useWallEngine } from './use-wall-engine';
import { useWallFocusStore, zoomOf } from './wall-focus-store';
import { useWallStore } from './wall-store';
import './tile-actions.css';
import { TileStatsOverlay } from './tile-stats-overlay';
import { usePictureScaling } from './use-picture-scaling';
import { tileName } from './tile-name';
import type { TileSpan } from './tile-span';
import { useCellDrop, WALL_TILE_MIME } from './use-cell-drop';
import { useTilePlayback } from './use-tile-playback';
import { useTilePoll } from './use-tile-poll';

export interface VideoTileProps {
  tile: PlacedTile;
  tileKey: string;
  profileId: string;
  selected: boolean;
  /** The roving tab stop of the grid. */
  focusable: boolean;
  /** The operator chose to replace this tile: the next device put on the wall goes here. */
  replacing: boolean;
  showStats: boolean;
  editable: boolean;
  onSelect(tile: PlacedTile): void;
  onRemove(tile: PlacedTile): void;
  onToggleStats(tileKey: string): void;
  onReplace(tile: PlacedTile | null): void;
  onSpan(tile: PlacedTile, span: TileSpan): void;
  spansOf(tile: PlacedTile): readonly (TileSpan & { current: boolean })[];
}

/** States in which the picture is missing and the tile says why. */
const TROUBLE = new Set<TileSnapshot['state']>([
  'starting',
  'stalled',
  'reconnecting',
  'failed',
  'paused-hidden',
]);

/**
 * One device on the wall: its `<video>` driven by the page's engine, its name and state, why it is not
 * playing (with the countdown to the next try and "Retry now"), a stale badge, and the stats overlay.
 *
 * `data-state` carries the engine's state for tests and monitoring.
 */
export const VideoTile = memo(function VideoTile({
  tile,
  tileKey,
  profileId,
  selected,
  focusable,
  replacing,
  showStats,
  editable,
  onSelect,
  onRemove,
  onToggleStats,
  onReplace,
  onSpan,
  spansOf,
}: VideoTileProps) {
  const { t } = useTranslation('tiles');
  const videoRef = useRef<HTMLVideoElement>(null);
  const elementRef = useRef<HTMLDivElement>(null);
  // Maximised: this tile covers the wall; covered: another one does, and this one counts as hidden.
  const maximised = useWallFocusStore((s) => s.maximised === tileKey);
  const covered = useWallFocusStore((s) => s.maximised !== null && s.maximised !== tileKey);
  const zoom = useWallFocusStore((s) => zoomOf(s, tileKey));
  const fit = tile.fit ?? 'fit';
  const { snapshot, supervisor } = useTilePlayback(
    videoRef,
    elementRef,
    {
      deviceKey: tile.deviceKey,
      sipId: tile.sipId,
      channelId: tile.channelId,
      profileId,
      transport: tile.transport,
    },
    { covered },
  );
  usePictureScaling(videoRef, { fit, zoom: zoom.scale });
  const audio = useTileAudio(videoRef, tileKey, supervisor);
  useTileZoom(elementRef, tileKey);
  const engine = useWallEngine();
  // The selected and the maximised tile always play at full rate (the decode budget looks elsewhere).
  useEffect(() => {
    if (supervisor) engine.setTileFocus(supervisor, { selected, maximised });
  }, [engine, supervisor, selected, maximised]);
  // A tile that leaves the wall takes its zoom, sound and maximise with it.
  useEffect(() => () => useWallFocusStore.getState().forget(tileKey), [tileKey]);
  const zoomed = isZoomed(zoom);
  const state = snapshot?.state ?? 'idle';
  const waiting = snapshot?.nextRetryAt != null;
  const behindLive = state === 'playing' && snapshot?.behind === true;
  // A failed tile's "Down since 04:36 · 2 min" goes on counting, retry scheduled or not.
  const poll = useTilePoll(supervisor, {
    stats: showStats,
    countdown: waiting || state === 'failed',
    behind: behindLive,
  });
  const cell = { column: tile.column, row: tile.row };
  const drop = useCellDrop(cell, editable);

  // A tile of an unsaved draft made before its name was looked up shows the name the saved views got.
  const layoutId = useWallStore((s) => s.layout?.id);
  const savedName = useCoreMirror((s) =>
    tile.deviceName || tile.label
      ? undefined
      : savedDeviceName(selectLayouts(s), { layoutId, profileId }, tile.deviceKey),
  );
  // Its caption, else the device's name, else (until the core has looked the name up) its key.
  const name = tileName({ ...tile, deviceName: tile.deviceName || savedName });
  // Names on one platform share their start and differ at the end: the end always shows.
  const { head, tail } = splitForElision(name);
  const nameRef = useFittedName<HTMLSpanElement>(head, tail);
  const stale = state === 'playing' || state === 'stalled' ? staleText(poll.staleMs) : null;
  // A picture past the liveness margin is not live, though frames keep coming (stale says otherwise).
  const behind = stale ? null : behindText(poll.behindMs, behindLive);
  // While it tries the next transport; a tile that ran out of them says so in its detail.
  const tried = snapshot && state === 'starting' ? triedText(snapshot.tried) : null;
  // The clock is read here, not taken from the poll: a quiet tile's last poll may be minutes old, and
  // the first render of a countdown would show the wait from then ("Retrying in 7 s" for a 1 s wait).
  const now = monotonicNow();
  const retry = snapshot ? retryText(snapshot.nextRetryAt, now) : null;
  const down = snapshot && state === 'failed' ? downText(snapshot.troubleSince, now) : null;
  // Held for a refused profile (the engine's ProfileRefusals): nothing is asked until it changes.
  const held = snapshot?.state === 'failed' && snapshot.reason === 'auth' && snapshot.nextRetryAt === null;
  const trouble = snapshot && TROUBLE.has(state);
  // What the detail adds to the headline (never the headline again).
  const rawDetail =
    snapshot && state !== 'starting'
      ? snapshot.label && state !== 'paused-hidden'
        ? failureDetailText(snapshot.reason, snapshot.detail)
        : snapshot.detail && plainError(snapshot.detail).message
      : null;
  // The platform names the device by its key: the operator knows it by the tile's name.
  const detail = rawDetail ? namedDetail(rawDetail, tile.deviceKey, name) : null;
  const failed = state === 'failed';
  const style: CSSProperties = {
    gridColumn: `${tile.column} / span ${tile.columnSpan}`,
    gridRow: `${tile.row} / span ${tile.rowSpan}`,
  };
  const videoStyle: CSSProperties = { objectFit: OBJECT_FIT[fit], transform: zoomTransform(zoom) };
  const cellAt = useMemo(() => ({ column: tile.column, row: tile.row }), [tile.column, tile.row]);
  const actions = useMemo<TileActions>(
    () => ({ tileKey, cell: cellAt, name, videoRef, supervisor, snapshot }),
    [tileKey, cellAt, name, supervisor, snapshot],
  );

  return (
    <div
      ref={elementRef}
      className="wall-cell wall-tile"
      style={style}
      role="group"
      aria-label={t('tile.ariaLabel', { name, state: snapshot ? stateText(snapshot) : t('state.idle') })}
      aria-current={selected || undefined}
      tabIndex={focusable ? 0 : -1}
      data-cell={`${tile.column},${tile.row}`}
      data-testid="wall-tile"
      data-device-key={tile.deviceKey}
      data-tile-key={tileKey}
      data-state={state}
      data-maximised={maximised || undefined}
      data-covered={covered || undefined}
      data-fit={fit}
      data-zoom={zoomed ? zoom.scale.toFixed(2) : undefined}
      data-audible={audio.audible || undefined}
      data-behind={behindLive || undefined}
      data-catch-ups={snapshot?.catchUps || undefined}
      data-last-catch-up={snapshot?.lastCatchUp ?? undefined}
      data-selected={selected || undefined}
      data-replace-target={replacing || undefined}
      data-drop-over={drop.over ?? undefined}
      // A zoomed picture is dragged to pan it; a maximised tile has nowhere to go.
      draggable={editable && !zoomed && !maximised}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(WALL_TILE_MIME, JSON.stringify(cell));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onSelect(tile);
      }}
      onMouseDown={() => onSelect(tile)}
      {...drop.handlers}
    >
      {/* The picture's own box clips it (a zoomed picture), so the tile may let its open menu out. */}
      <div className="wall-tile-picture">
        <video
          ref={videoRef}
          className="wall-tile-video"
          style={videoStyle}
          muted
          playsInline
          disablePictureInPicture
        />
      </div>
      <div className="wall-tile-caption">
        <span className={`wall-tile-dot wall-tile-dot-${state}`} aria-hidden="true" />
        <span
          ref={nameRef}
          className="wall-tile-name"
          dir="auto"
          title={`${name} (${tile.deviceKey})`}
          data-testid="wall-tile-name"
        >
          <span className="wall-tile-name-head">{head}</span>
          {tail && <span className="wall-tile-name-tail">{tail}</span>}
        </span>
        {tile.channelId && (
          // The spec's optional channel of a device (an NVR's camera): shown whenever one is set.
          <span
            className="wall-tile-channel"
            title={t('tile.channelTitle', { channel: tile.channelId })}
            data-testid="wall-tile-channel"
          >
            {t('tile.channel', { channel: tile.channelId })}
          </span>
        )}
        {state !== 'playing' && (
          <span className="wall-tile-state" data-testid="wall-tile-state">
            {snapshot ? stateText(snapshot) : t('state.idle')}
          </span>
        )}
      </div>
      {stale && (
        <span className="wall-tile-stale" data-testid="wall-tile-stale" role="status">
          {stale}
        </span>
      )}
      {behind && (
        <span
          className="wall-tile-stale wall-tile-behind"
          data-testid="wall-tile-behind"
          role="status"
          title={t('tile.behindTitle')}
        >
          {behind}
        </span>
      )}
      <TileBadges snapshot={snapshot} zoom={zoom} audible={audio.audible} sound={audio.sound} />
      <TileActionsContext.Provider value={actions}>
        <TileMenu
          name={name}
          statsShown={showStats}
          canRetry={state === 'failed' || state === 'reconnecting' || state === 'stalled'}
          editable={editable}
          spans={() => spansOf(tile)}
          onToggleStats={() => onToggleStats(tileKey)}
          onRetry={() => supervisor?.retryNow()}
          onReplace={() => onReplace(tile)}
          onSpan={(span) => onSpan(tile, span)}
          onRemove={() => onRemove(tile)}
        />
      </TileActionsContext.Provider>
      {replacing && (
        <div className="wall-tile-replacing" data-testid="wall-tile-replacing" role="status">
          <span className="wall-tile-replacing-tag" title={t('tile.replaceTitle', { name })}>
            {t('tile.replaceTarget')}
          </span>
          <span className="wall-tile-replacing-text">{t('tile.replaceText')}</span>
          <button
            type="button"
            className="btn btn-small"
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => onReplace(null)}
            data-testid="wall-tile-replacing-cancel"
          >
            {t('tile.cancel')}
          </button>
        </div>
      )}
      {drop.over && (
        <div className="wall-drop-hint" aria-hidden="true">
          {drop.over === 'device' ? t('tile.dropReplace', { name }) : t('tile.dropSwap')}
        </div>
      )}
      {trouble && snapshot && (
        <div
          className={`wall-tile-problem${failed ? ' is-failed' : ''}`}
          data-testid="wall-tile-problem"
          role={failed ? 'alert' : 'status'}
        >
          {state === 'starting' && <span className="spinner" aria-hidden="true" />}
          <p className="wall-tile-problem-title">
            {snapshot.label && state !== 'starting' && state !== 'paused-hidden'
              ? troubleHeadline(snapshot)
              : stateText(snapshot)}
          </p>
          {detail && (
            <p className="wall-tile-problem-detail" data-testid="wall-tile-detail">
              {snapshot?.detailByPlatform ? (
                <Trans
                  t={t}
                  i18nKey="platformSaid"
                  values={{ message: detail }}
                  components={{ said: <span data-core-words /> }}
                />
              ) : (
                detail
              )}
            </p>
          )}
          {tried && (
            <p className="wall-tile-problem-detail" data-testid="wall-tile-tried">
              {tried}
            </p>
          )}
          {down && (
            <p className="wall-tile-down" data-testid="wall-tile-down">
              {down}
            </p>
          )}
          {held && (
            <p className="wall-tile-retry" data-testid="wall-tile-held">
              {t('tile.held')}
            </p>
          )}
          {retry && (
            <p className="wall-tile-retry" data-testid="wall-tile-countdown">
              {snapshot.attempt > 1
                ? t('time.retryAttempt', { retry, attempt: formatNumber(snapshot.attempt) })
                : retry}
            </p>
          )}
          {(failed || state === 'reconnecting') && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="wall-tile-retry"
              onClick={() => supervisor?.retryNow()}
            >
              {t('tile.retryNow')}
            </button>
          )}
        </div>
      )}
      {showStats && <TileStatsOverlay stats={poll.stats} url={snapshot?.url} tried={snapshot?.tried} />}
    </div>
  );
});
