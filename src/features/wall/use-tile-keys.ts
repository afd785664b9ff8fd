import { useEffect } from 'react';
import { isZoomed, NO_ZOOM, PAN_STEP, panBy, zoomAt, ZOOM_STEP } from './tile-zoom';
import { useWallFocusStore, zoomOf } from './wall-focus-store';
import { useWallStore } from './wall-store';

const TILE = '[data-testid="wall-tile"]';

const PAN: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The keys of a tile's picture, on the focused tile (the wall's selection):
 *
 * - Enter maximises the tile over the wall, or restores it; I shows or hides its statistics.
 * - + and − zoom in and out at the middle of what is shown; 0 resets the zoom.
 * - the arrows pan a zoomed picture (on a tile at 1× they move the selection, as before).
 * - Escape resets a zoom, then restores a maximised tile (then the grid's own Escape applies).
 *
 * Listened to in the capture phase on the window, ahead of the grid's own keys (wall-grid.tsx), and
 * only for keys pressed on a tile itself (not in its menu, a field or a dialog). While a tile is
 * maximised the arrows do not move the selection to the tiles hidden under it.
 */
export function useTileKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      const focus = useWallFocusStore.getState();
      const onTile = target?.matches(TILE) ? target : null;
      const tileKey = onTile?.dataset.tileKey ?? null;
      const consume = () => {
        e.preventDefault();
        e.stopPropagation();
      };

      if (e.key === 'Escape') {
        // On a tile, or (a maximised tile) nowhere in particular: not inside a menu, field or dialog.
        const key = tileKey ?? (target === document.body || target === null ? focus.maximised : null);
        if (!key) return;
        if (isZoomed(zoomOf(focus, key))) {
          consume();
          focus.setZoom(key, NO_ZOOM);
        } else if (focus.maximised) {
          consume();
          focus.setMaximised(null);
        }
        return;
      }
      if (!tileKey) return;
      // Shift only for '+' (Shift+= on many keyboards) and '_': Shift+Enter, Shift+arrows stay the grid's.
      if (e.shiftKey && e.key !== '+' && e.key !== '_') return;
      const zoom = zoomOf(focus, tileKey);
      const middle = { x: 0.5, y: 0.5 };
      switch (e.key) {
        case 'Enter':
          consume();
          focus.toggleMaximised(tileKey);
          return;
        case 'i':
        case 'I':
          consume();
          useWallStore.getState().toggleStats(tileKey);
          return;
        case '+':
        case '=':
          consume();
          focus.setZoom(tileKey, zoomAt(zoom, ZOOM_STEP, middle));
          return;
        case '-':
        case '_':
          consume();
          focus.setZoom(tileKey, zoomAt(zoom, 1 / ZOOM_STEP, middle));
          return;
        case '0':
          consume();
          focus.setZoom(tileKey, NO_ZOOM);
          return;
      }
      const pan = PAN[e.key];
      if (!pan) return;
      if (isZoomed(zoom)) {
        consume();
        // Moving the view right shows what lies right: the picture moves left.
        // A step moves the view by PAN_STEP of what it shows, which is PAN_STEP of the tile in translate units.
        focus.setZoom(tileKey, panBy(zoom, pan[0] * PAN_STEP, pan[1] * PAN_STEP));
      } else if (focus.maximised) consume();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
