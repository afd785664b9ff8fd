import { useTranslation } from 'react-i18next';
import { useNoticesStore } from '../../session/notices-store';
import type { PictureRate } from '../../lib/wall-engine';
import { useShallow } from 'zustand/react/shallow';
import { tileAt, type WallCell } from './layout-edit';
import type { PictureFit } from './picture-scaling';
import { snapshotProblem, saveSnapshot } from './snapshot';
import { useTileActions } from './tile-actions-context';
import { isZoomed, NO_ZOOM } from './tile-zoom';
import { useWallEngine } from './use-wall-engine';
import { useWallFocusStore, zoomOf } from './wall-focus-store';
import { useWallStore } from './wall-store';

export interface TilePictureItemsProps {
  /** Called after a choice: the menu closes and the focus goes back to the tile. */
  onDone(): void;
  /** The tile's key (`tileKeys` in layout-edit.ts); default the tile's own (TileActionsContext). */
  tileKey?: string;
  /** The tile's cell, where its picture fit is saved; default the tile's own. */
  cell?: WallCell;
}

/** The picture fits, and the keys of their words in the `tiles` catalog (`menu.fit.<key>`, `…Title`). */
const FITS: readonly PictureFit[] = ['fit', 'fill', 'stretch'];

/** The picture-rate pins; `key` names their words (`menu.rate.<key>`, `<key>Short`, `<key>Title`). */
const RATES: readonly { pin: PictureRate | null; key: 'auto' | 'full' | 'overview'; testId: string }[] = [
  { pin: null, key: 'auto', testId: 'wall-tile-rate-auto' },
  { pin: 'full', key: 'full', testId: 'wall-tile-rate-full' },
  { pin: 'overview', key: 'overview', testId: 'wall-tile-rate-overview' },
];

/**
 * The tile menu's picture actions: maximise and restore, snapshot, sound, picture fit, zoom reset and
 * the picture-rate pins. Rendered inside the menu's `role="menu"` list (tile-menu.tsx); what they act
 * on (the video, the player) comes from the tile itself (TileActionsContext). Read when the menu
 * opens: the menu is rendered only while open.
 */
export function TilePictureItems({ onDone, tileKey: keyProp, cell: cellProp }: TilePictureItemsProps) {
  const tile = useTileActions();
  const { t } = useTranslation('tiles');
  const engine = useWallEngine();
  const tileKey = keyProp ?? tile?.tileKey ?? '';
  const cell = cellProp ?? tile?.cell ?? null;
  const maximised = useWallFocusStore((s) => s.maximised === tileKey);
  const audible = useWallFocusStore((s) => s.audible === tileKey);
  const zoomed = useWallFocusStore((s) => isZoomed(zoomOf(s, tileKey)));
  const { fit, editable } = useWallStore(
    useShallow((s) => {
      const hit = cell && s.layout ? tileAt(s.layout, cell) : null;
      const fit: PictureFit = (hit && s.layout?.tiles[hit.index]?.fit) || 'fit';
      return { fit, editable: s.editable() };
    }),
  );
  if (!tileKey) return null;

  const video = tile?.videoRef.current ?? null;
  const noSnapshot = snapshotProblem(video, tile?.snapshot ?? null);
  const pin = tile?.supervisor ? engine.pinOf(tile.supervisor) : null;
  const focus = useWallFocusStore.getState;
  const act = (action: () => void) => () => {
    onDone();
    action();
  };

  const snapshot = async () => {
    if (!video || !tile) return;
    const outcome = await saveSnapshot(video, tile.name);
    useNoticesStore.getState().notify(
      outcome.ok
        ? {
            level: 'info',
            message: t('menu.snapshotSaved', { name: tile.name, file: outcome.name, where: outcome.where }),
          }
        : { level: 'error', message: outcome.message },
    );
  };

  return (
    <>
      <button
        type="button"
        role="menuitem"
        data-testid="wall-tile-maximise"
        aria-keyshortcuts="Enter"
        onClick={act(() => focus().toggleMaximised(tileKey))}
      >
        {maximised ? t('menu.restore') : t('menu.maximise')}
        <kbd className="wall-tile-menu-key">{maximised ? t('menu.keyEsc') : t('menu.keyEnter')}</kbd>
      </button>
      <button
        type="button"
        role="menuitem"
        data-testid="wall-tile-snapshot"
        disabled={noSnapshot !== null}
        title={noSnapshot ?? t('menu.snapshotTitle')}
        aria-description={noSnapshot ?? undefined}
        onClick={act(() => void snapshot())}
      >
        {t('menu.snapshot')}
      </button>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={audible}
        data-testid="wall-tile-sound-toggle"
        title={audible ? t('menu.muteTitle') : t('menu.unmuteTitle')}
        onClick={act(() => focus().setAudible(audible ? null : tileKey))}
      >
        {audible ? t('menu.mute') : t('menu.unmute')}
      </button>
      {zoomed && (
        <button
          type="button"
          role="menuitem"
          data-testid="wall-tile-zoom-reset"
          onClick={act(() => focus().setZoom(tileKey, NO_ZOOM))}
        >
          {t('menu.resetZoom')}
          <kbd className="wall-tile-menu-key">0</kbd>
        </button>
      )}
      {editable && cell && (
        <div className="wall-tile-menu-group" role="group" aria-label={t('menu.fitGroup')}>
          <span className="wall-tile-menu-group-label" aria-hidden="true">
            {t('menu.fitLabel')}
          </span>
          {FITS.map((f) => (
            <button
              key={f}
              type="button"
              role="menuitemradio"
              aria-checked={fit === f}
              className="wall-tile-menu-choice"
              title={t(`menu.fit.${f}Title`)}
              data-testid="wall-tile-fit"
              data-fit={f}
              onClick={act(() =>
                useWallStore.getState().updateTile(cell, { fit: f === 'fit' ? undefined : f }),
              )}
            >
              {t(`menu.fit.${f}`)}
            </button>
          ))}
        </div>
      )}
      {tile?.supervisor && (
        <div className="wall-tile-menu-group" role="group" aria-label={t('menu.rateGroup')}>
          <span className="wall-tile-menu-group-label" aria-hidden="true">
            {t('menu.rateLabel')}
          </span>
          {RATES.map((r) => (
            <button
              key={r.testId}
              type="button"
              role="menuitemradio"
              aria-checked={pin === r.pin}
              aria-label={t(`menu.rate.${r.key}`)}
              title={t(`menu.rate.${r.key}Title`)}
              className="wall-tile-menu-choice"
              data-testid={r.testId}
              onClick={act(() => tile.supervisor && engine.pinRate(tile.supervisor, r.pin))}
            >
              {t(`menu.rate.${r.key}Short`)}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
