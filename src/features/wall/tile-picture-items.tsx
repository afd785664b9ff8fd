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

const FITS: readonly { fit: PictureFit; label: string; title: string }[] = [
  { fit: 'fit', label: 'Fit', title: 'The whole picture, letterboxed' },
  { fit: 'fill', label: 'Fill', title: 'Fill the tile, cropping the picture' },
  { fit: 'stretch', label: 'Stretch', title: 'Fill the tile, stretching the picture' },
];

const RATES: readonly {
  pin: PictureRate | null;
  short: string;
  label: string;
  title: string;
  testId: string;
}[] = [
  {
    pin: null,
    short: 'Auto',
    label: 'Automatic',
    title: 'Full rate while the computer keeps up; overview pictures when it is overloaded',
    testId: 'wall-tile-rate-auto',
  },
  {
    pin: 'full',
    short: 'Full',
    label: 'Always full rate',
    title: 'Always every picture, whatever the load',
    testId: 'wall-tile-rate-full',
  },
  {
    pin: 'overview',
    short: 'Overview',
    label: 'Always overview',
    title: 'Always keyframes only (one picture per second or two): a fraction of the decoding',
    testId: 'wall-tile-rate-overview',
  },
];

/**
 * The tile menu's picture actions: maximise and restore, snapshot, sound, picture fit, zoom reset and
 * the picture-rate pins. Rendered inside the menu's `role="menu"` list (tile-menu.tsx); what they act
 * on (the video, the player) comes from the tile itself (TileActionsContext). Read when the menu
 * opens: the menu is rendered only while open.
 */
export function TilePictureItems({ onDone, tileKey: keyProp, cell: cellProp }: TilePictureItemsProps) {
  const tile = useTileActions();
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
            message: `Snapshot of ${tile.name} saved as “${outcome.name}” in ${outcome.where}.`,
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
        {maximised ? 'Restore to the wall' : 'Maximise'}
        <kbd className="wall-tile-menu-key">{maximised ? 'Esc' : 'Enter'}</kbd>
      </button>
      <button
        type="button"
        role="menuitem"
        data-testid="wall-tile-snapshot"
        disabled={noSnapshot !== null}
        title={noSnapshot ?? 'Save the current picture as a PNG at the stream’s own size'}
        aria-description={noSnapshot ?? undefined}
        onClick={act(() => void snapshot())}
      >
        Snapshot
      </button>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={audible}
        data-testid="wall-tile-sound-toggle"
        title={audible ? 'Mute this tile' : 'Hear this tile (every other tile is muted)'}
        onClick={act(() => focus().setAudible(audible ? null : tileKey))}
      >
        {audible ? 'Mute' : 'Unmute'}
      </button>
      {zoomed && (
        <button
          type="button"
          role="menuitem"
          data-testid="wall-tile-zoom-reset"
          onClick={act(() => focus().setZoom(tileKey, NO_ZOOM))}
        >
          Reset zoom
          <kbd className="wall-tile-menu-key">0</kbd>
        </button>
      )}
      {editable && cell && (
        <div className="wall-tile-menu-group" role="group" aria-label="Picture fit">
          <span className="wall-tile-menu-group-label" aria-hidden="true">
            Picture
          </span>
          {FITS.map((f) => (
            <button
              key={f.fit}
              type="button"
              role="menuitemradio"
              aria-checked={fit === f.fit}
              className="wall-tile-menu-choice"
              title={f.title}
              data-testid="wall-tile-fit"
              data-fit={f.fit}
              onClick={act(() =>
                useWallStore.getState().updateTile(cell, { fit: f.fit === 'fit' ? undefined : f.fit }),
              )}
            >
              {f.label}
            </button>
          ))}
        </div>
      )}
      {tile?.supervisor && (
        <div className="wall-tile-menu-group" role="group" aria-label="Picture rate">
          <span className="wall-tile-menu-group-label" aria-hidden="true">
            Rate
          </span>
          {RATES.map((r) => (
            <button
              key={r.testId}
              type="button"
              role="menuitemradio"
              aria-checked={pin === r.pin}
              aria-label={r.label}
              title={r.title}
              className="wall-tile-menu-choice"
              data-testid={r.testId}
              onClick={act(() => tile.supervisor && engine.pinRate(tile.supervisor, r.pin))}
            >
              {r.short}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
