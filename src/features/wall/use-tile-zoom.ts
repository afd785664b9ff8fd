import { useEffect, type RefObject } from 'react';
import { isZoomed, panBy, zoomAt, ZOOM_STEP, type TileZoom } from './tile-zoom';
import { useWallFocusStore, zoomOf } from './wall-focus-store';

/** Wheel deltas (pixels) per zoom step: a mouse notch is about 100; a touchpad sends many small ones. */
const WHEEL_PER_STEP = 100;

/** Inside the tile but not the picture: its menu, buttons, the replace banner. */
const notPicture = (target: EventTarget | null) =>
  target instanceof Element &&
  !!target.closest('button, [role="menu"], .wall-tile-menu, .wall-tile-replacing');

/**
 * A tile's digital zoom by mouse: the wheel zooms at the pointer (1× to 8×), dragging the zoomed
 * picture pans it, a double-click maximises (or restores) the tile. The zoom lives in the wall's
 * focus store and is applied as a CSS transform by the tile: no reconnect, no extra decode.
 */
export function useTileZoom(elementRef: RefObject<HTMLElement | null>, tileKey: string): void {
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const store = useWallFocusStore;
    const zoom = (): TileZoom => zoomOf(store.getState(), tileKey);

    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || notPicture(e.target)) return;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) return;
      e.preventDefault();
      const lines =
        e.deltaMode === WheelEvent.DOM_DELTA_LINE ? 33 : e.deltaMode === WheelEvent.DOM_DELTA_PAGE ? 300 : 1;
      const factor = ZOOM_STEP ** (-(e.deltaY * lines) / WHEEL_PER_STEP);
      store.getState().setZoom(
        tileKey,
        zoomAt(zoom(), factor, {
          x: (e.clientX - rect.left) / rect.width,
          y: (e.clientY - rect.top) / rect.height,
        }),
      );
    };

    let drag: { id: number; x: number; y: number } | null = null;
    const onPointerDown = (e: PointerEvent) => {
      if (e.button !== 0 || e.shiftKey || !isZoomed(zoom()) || notPicture(e.target)) return;
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY };
      element.setPointerCapture(e.pointerId);
      element.dataset.panning = 'true';
    };
    const onPointerMove = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const rect = element.getBoundingClientRect();
      const dx = (e.clientX - drag.x) / rect.width;
      const dy = (e.clientY - drag.y) / rect.height;
      drag = { ...drag, x: e.clientX, y: e.clientY };
      store.getState().setZoom(tileKey, panBy(zoom(), dx, dy));
    };
    const onPointerUp = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      delete element.dataset.panning;
      if (element.hasPointerCapture(e.pointerId)) element.releasePointerCapture(e.pointerId);
    };
    const onDoubleClick = (e: MouseEvent) => {
      if (notPicture(e.target)) return;
      e.preventDefault();
      store.getState().toggleMaximised(tileKey);
    };

    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerUp);
    element.addEventListener('dblclick', onDoubleClick);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerUp);
      element.removeEventListener('dblclick', onDoubleClick);
    };
  }, [elementRef, tileKey]);
}
