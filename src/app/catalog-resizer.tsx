import { useRef, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG_WIDTH, catalogMaxWidth } from './app-store';

export interface CatalogResizerProps {
  width: number;
  onResize(width: number): void;
}

const STEP = 24;
const BIG_STEP = 120;

const onWindowResize = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
const viewportWidth = () => window.innerWidth;
/** +1 when the catalog is on the left (it grows rightwards), -1 in a right-to-left page, where it is on the right. */
const growth = (element: Element) => (getComputedStyle(element).direction === 'rtl' ? -1 : 1);

/**
 * The divider between the catalog and the wall: drag it, or focus it and use the arrow keys
 * (Shift for bigger steps; Home and End jump to the narrowest and widest; a double click goes back
 * to the usual width). The wall's tiles resize; they do not restart. The widest catalog still leaves
 * the wall its minimum, in this window.
 */
export function CatalogResizer({ width, onResize }: CatalogResizerProps) {
  const { t } = useTranslation('app');
  const drag = useRef<{ x: number; width: number; id: number; growth: number } | null>(null);
  const max = catalogMaxWidth(useSyncExternalStore(onWindowResize, viewportWidth));
  const shown = Math.min(width, max);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    // Without this the press starts a text selection across the catalog while dragging.
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: shown, id: e.pointerId, growth: growth(e.currentTarget) };
    e.currentTarget.dataset.dragging = 'true';
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d?.id === e.pointerId) onResize(d.width + d.growth * (e.clientX - d.x));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    delete e.currentTarget.dataset.dragging;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The arrows move the divider the way they point.
    const step = (e.shiftKey ? BIG_STEP : STEP) * growth(e.currentTarget);
    const to: Record<string, number> = {
      ArrowLeft: shown - step,
      ArrowRight: shown + step,
      Home: CATALOG_WIDTH.min,
      End: max,
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
      aria-label={t('resizer.label')}
      aria-controls="catalog-content"
      aria-valuemin={CATALOG_WIDTH.min}
      aria-valuemax={max}
      aria-valuenow={shown}
      aria-valuetext={t('resizer.value', { count: shown })}
      title={t('resizer.title')}
      tabIndex={0}
      data-testid="catalog-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onDoubleClick={() => onResize(CATALOG_WIDTH.initial)}
      onKeyDown={onKeyDown}
    />
  );
}
