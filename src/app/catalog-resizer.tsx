import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { CATALOG_WIDTH } from './app-store';

export interface CatalogResizerProps {
  width: number;
  onResize(width: number): void;
}

const STEP = 24;

/**
 * The divider between the catalog and the wall: drag it, or focus it and use the arrow keys
 * (Home and End jump to the narrowest and widest). The wall's tiles resize; they do not restart.
 */
export function CatalogResizer({ width, onResize }: CatalogResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to: Record<string, number> = {
      ArrowLeft: width - STEP,
      ArrowRight: width + STEP,
      Home: CATALOG_WIDTH.min,
      End: CATALOG_WIDTH.max,
    };
    if (to[e.key] === undefined) return;
    e.preventDefault();
    onResize(to[e.key]);
  };

  return (
    <div
      className="catalog-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Catalog width"
      aria-valuemin={CATALOG_WIDTH.min}
      aria-valuemax={CATALOG_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
