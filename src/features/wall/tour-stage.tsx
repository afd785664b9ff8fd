import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Layout } from '../../../electron/shared/layout';
import type { TileState } from '../../lib/wall-engine';
import { placed, tileAt } from './layout-edit';
import { TourBar } from './tour-bar';
import { useTourStore, type RunningTour, type TourPage } from './tour-store';
import { TourTile } from './tour-tile';
import './tour-stage.css';

type LayerRole = 'current' | 'upcoming';

/** States after which a tile counts as ready for a switch: it shows a picture, or it will not soon. */
const SETTLED = new Set<TileState>(['playing', 'stalled', 'reconnecting', 'failed']);
/** How often a settled layer's pictures are looked at until each shows its current frame. */
const PICTURE_POLL_MS = 50;

/** Every playing tile's picture is there: its current frame decoded, not in the middle of a jump to live. */
const picturesShown = (layer: HTMLElement | null): boolean =>
  !!layer &&
  [...layer.querySelectorAll<HTMLElement>('[data-testid="tour-tile"][data-state="playing"] video')].every(
    (v) =>
      (v as HTMLVideoElement).readyState >= HTMLMediaElement.HAVE_CURRENT_DATA &&
      !(v as HTMLVideoElement).seeking,
  );

/**
 * Tells `onReady` once, when every tile reported through the returned callback has settled (shows a
 * picture, or has failed its first try) and each playing tile's current frame is there: a
 * next/previous then switches at once instead of at its deadline. Told again when a jump targets a
 * layer that was ready already (a page pre-rolled before the operator pressed Next).
 */
function useLayerReady(
  layerRef: RefObject<HTMLElement | null>,
  count: number,
  onReady: () => void,
): (id: string, state: TileState) => void {
  const states = useRef(new Map<string, TileState>());
  const told = useRef(false);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const readyRef = useRef(onReady);
  useEffect(() => {
    readyRef.current = onReady;
  }, [onReady]);
  const check = useCallback(() => {
    if (told.current || poll.current) return;
    const all = [...states.current.values()];
    if (all.length < count || !all.every((s) => SETTLED.has(s))) return;
    const tell = () => {
      if (!picturesShown(layerRef.current)) return false;
      if (poll.current) clearInterval(poll.current);
      poll.current = null;
      told.current = true;
      readyRef.current();
      return true;
    };
    if (!tell()) poll.current = setInterval(tell, PICTURE_POLL_MS);
  }, [count, layerRef]);
  useEffect(check, [check]);
  useEffect(
    () => () => {
      if (poll.current) clearInterval(poll.current);
    },
    [],
  );
  const jumping = useTourStore((s) => s.running?.view.jumping ?? false);
  useEffect(() => {
    if (jumping && told.current) readyRef.current();
  }, [jumping]);
  return useCallback(
    (id: string, state: TileState) => {
      states.current.set(id, state);
      check();
    },
    [check],
  );
}

/** A view's grid of tour tiles; `children` go into the grid too (a cycling cell). */
function TourGrid({
  layout,
  without,
  onState,
  children,
}: {
  layout: Layout;
  /** The cell left to `children` (a cycling tile's). */
  without?: { column: number; row: number };
  onState?(id: string, state: TileState): void;
  children?: ReactNode;
}) {
  // Made once per layout: each tile's area stays the same object, so a tour's change of view (a
  // pre-roll, a switch) re-renders no tile of a page that stays.
  const tiles = useMemo(() => {
    const hole = without ? tileAt(layout, without) : null;
    return placed(layout)
      .filter((t) => t.index !== hole?.index)
      .map((t) => ({
        id: `${t.index}:${t.deviceKey}`,
        tile: t,
        area: { column: t.column, row: t.row, columnSpan: t.columnSpan, rowSpan: t.rowSpan },
      }));
  }, [layout, without]);
  const style = { '--wall-columns': layout.grid.columns, '--wall-rows': layout.grid.rows } as CSSProperties;
  return (
    <div className="wall-grid tour-grid" style={style}>
      {tiles.map(({ id, tile, area }) => (
        <TourTile key={id} id={id} tile={tile} profileId={layout.profileId} area={area} onState={onState} />
      ))}
      {children}
    </div>
  );
}

/**
 * One page of a tour: on show, or started under the one on show ahead of its switch. It tells the
 * tour when its `count` tiles (reporting through the `onState` its children get) are ready.
 */
function TourLayer({
  index,
  role,
  count,
  children,
}: {
  index: number;
  role: LayerRole;
  count: number;
  children(onState: (id: string, state: TileState) => void): ReactNode;
}) {
  const onReady = useCallback(() => useTourStore.getState().pageReady(index), [index]);
  const layerRef = useRef<HTMLDivElement>(null);
  const onState = useLayerReady(layerRef, count, onReady);
  return (
    <div
      ref={layerRef}
      className="tour-layer"
      data-testid="tour-layer"
      data-layer={role}
      data-page={index}
      aria-hidden={role === 'upcoming' || undefined}
      inert={role === 'upcoming'}
    >
      {children(onState)}
    </div>
  );
}

/** A view of a views tour, over the whole stage. */
function ViewLayer({ page, index, role }: { page: TourPage; index: number; role: LayerRole }) {
  const tileCount = useMemo(() => placed(page.layout).length, [page.layout]);
  return (
    <TourLayer index={index} role={role} count={tileCount}>
      {(onState) => <TourGrid layout={page.layout} onState={onState} />}
    </TourLayer>
  );
}

/** A cycling tile's layer: one device of the tour, in the cycling cell. */
function CycleLayer({
  page,
  index,
  role,
}: {
  page: Extract<TourPage, { kind: 'tile' }>;
  index: number;
  role: LayerRole;
}) {
  return (
    <TourLayer index={index} role={role} count={1}>
      {(onState) => (
        <TourTile
          id={`cycle-${index}`}
          tile={page.tile}
          profileId={page.layout.profileId}
          onState={onState}
        />
      )}
    </TourLayer>
  );
}

/** Layers on show first, then the one started ahead: a switch removes the first and never moves a player. */
const layersOf = (running: RunningTour): { index: number; role: LayerRole }[] => [
  { index: running.view.page, role: 'current' },
  ...(running.view.upcoming !== null ? [{ index: running.view.upcoming, role: 'upcoming' as const }] : []),
];

function CyclingView({ running }: { running: RunningTour }) {
  const first = running.pages[0] as Extract<TourPage, { kind: 'tile' }>;
  const cell = first.cell;
  // The cycling cell keeps the span the view gives the tile there.
  const span = useMemo(() => {
    const hit = tileAt(first.layout, cell);
    return hit
      ? { column: hit.column, row: hit.row, columnSpan: hit.columnSpan, rowSpan: hit.rowSpan }
      : { ...cell, columnSpan: 1, rowSpan: 1 };
  }, [first.layout, cell]);
  return (
    <div className="tour-layer" data-layer="current">
      <TourGrid layout={first.layout} without={cell}>
        <div
          className="wall-cell tour-cycle-cell"
          data-testid="tour-cycle-cell"
          data-cell={`${span.column},${span.row}`}
          style={{
            gridColumn: `${span.column} / span ${span.columnSpan}`,
            gridRow: `${span.row} / span ${span.rowSpan}`,
          }}
        >
          <span className="tour-cycle-badge" aria-hidden="true">
            ↻ {running.view.page + 1}/{running.pages.length}
          </span>
          {layersOf(running).map(({ index, role }) => (
            <CycleLayer
              key={index}
              index={index}
              role={role}
              page={running.pages[index] as Extract<TourPage, { kind: 'tile' }>}
            />
          ))}
        </div>
      </TourGrid>
    </div>
  );
}

/**
 * The wall while a tour runs: the tour bar over a stack of pages. The page on show lies on top; about
 * two seconds before a switch the next page is mounted under it, the same size at the same place, so
 * the engine counts its tiles as visible (an element under another still intersects the viewport)
 * and they start and decode. At the switch the layers swap and the old page is unmounted (its players
 * destroyed): the new page shows pictures at once, no black tile, no spinner. A cycling tile does the
 * same in its one cell; the view's other tiles play on.
 */
function TourStage() {
  const running = useTourStore((s) => s.running);
  if (!running) return null;
  const { tour, view } = running;
  return (
    <div
      className="tour-stage"
      data-testid="tour-stage"
      data-tour-id={tour.id}
      data-page={view.page}
      data-upcoming={view.upcoming ?? undefined}
      data-paused={view.paused || undefined}
    >
      <TourBar running={running} />
      <div className="tour-pages">
        {tour.kind === 'views' ? (
          layersOf(running).map(({ index, role }) => (
            <ViewLayer key={index} index={index} role={role} page={running.pages[index]} />
          ))
        ) : (
          <CyclingView running={running} />
        )}
      </div>
    </div>
  );
}

/** The wall's grid, or the running tour's stage in its place (the grid's players stop meanwhile). */
export function TourSwitch({ children }: { children: ReactNode }) {
  const touring = useTourStore((s) => s.running !== null);
  return touring ? <TourStage /> : children;
}
