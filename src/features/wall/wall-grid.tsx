import { useCallback, useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { Layout, PlacedTile } from '../../../electron/shared/layout';
import { EmptyCell } from './empty-cell';
import { freeSlots, placed, sameCell, stepSelection, tileAt, tileKeys, type WallCell } from './layout-edit';
import { mergeSelectionOnWall, MergeBar } from './merge-bar';
import { removeTileFromWall } from './remove-tile-from-wall';
import { setTileSpan, TILE_SPANS, type TileSpan } from './tile-span';
import { VideoTile } from './video-tile';
import { selectSettings, useCoreMirror } from '../../session/core-mirror';
import { useWallStore } from './wall-store';

/** The cell a mouse event is on (a tile's or an empty cell's top-left cell). */
function cellOf(target: EventTarget): WallCell | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-cell]') : null;
  if (!el?.dataset.cell) return null;
  const [column, row] = el.dataset.cell.split(',').map(Number);
  return { column, row };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The layout as a CSS grid of columns × rows, tiles spanning cells, free cells as drop targets.
 *
 * Keyboard: one tab stop (the selected cell); arrows move the selection, Delete takes the tile off
 * the wall (with Undo), Escape drops a replace target. Enter (maximise) and I (stats) are the tile's own keys
 * (use-tile-keys.ts). Tiles are rendered in
 * the layout's order whatever their cells, so moving one on the grid changes its style only and its
 * player keeps running.
 *
 * Neither a click nor the focus makes a tile a target for the catalog: a device put on the wall goes
 * to the first free cell unless the operator chose "Replace…" on a tile (drawn apart from the focus).
 */
export function WallGrid({ layout }: { layout: Layout }) {
  const statsDefault = useCoreMirror((m) => selectSettings(m).statsOverlay);
  const { selected, selectionEnd, replaceTarget, statsShown, editable } = useWallStore(
    useShallow((s) => ({
      selected: s.selectedTile,
      selectionEnd: s.selectionEnd,
      replaceTarget: s.replaceTarget,
      statsShown: s.statsShown,
      editable: s.editable(),
    })),
  );
  const gridRef = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('wall');
  const tiles = useMemo(() => placed(layout), [layout]);
  const keys = useMemo(() => tileKeys(layout.tiles), [layout.tiles]);
  const empty = useMemo(() => freeSlots(layout), [layout]);
  const range = useMemo(
    () => (selected && selectionEnd ? useWallStore.getState().selectionRect() : null),
    // The rectangle follows the layout and both corners.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, selected, selectionEnd],
  );
  /** A Shift+drag over the cells is selecting them (not dragging a tile). */
  const selecting = useRef(false);
  const tabStop: WallCell | null =
    selected ?? (tiles[0] ? { column: tiles[0].column, row: tiles[0].row } : (empty[0] ?? null));

  const selectTile = useCallback((t: PlacedTile) => useWallStore.getState().selectTile(t), []);
  const selectCell = useCallback((c: WallCell) => useWallStore.getState().selectTile(c), []);
  const removeTile = useCallback((cell: WallCell) => {
    const inGrid = gridRef.current?.contains(document.activeElement);
    if (!removeTileFromWall(cell)) return;
    // The tile and its focus are gone: the focus goes to what now stands in its cell.
    if (inGrid)
      requestAnimationFrame(() =>
        gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cell.column},${cell.row}"]`)?.focus(),
      );
  }, []);
  const toggleStats = useCallback((key: string) => useWallStore.getState().toggleStats(key), []);
  const replace = useCallback((t: PlacedTile | null) => useWallStore.getState().setReplaceTarget(t), []);
  const resize = useCallback(
    (t: PlacedTile, span: TileSpan) => useWallStore.getState().setTileSpan(t, span),
    [],
  );
  const spansOf = useCallback((t: PlacedTile) => {
    const current = useWallStore.getState().layout;
    return TILE_SPANS.map((s) => ({
      ...s,
      current: s.columnSpan === t.columnSpan && s.rowSpan === t.rowSpan,
    })).filter((s) => s.current || (current && setTileSpan(current, t, s)));
  }, []);

  // Keep the keyboard focus on the selected cell as the selection moves (only when focus is in the grid).
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !selected || !grid.contains(document.activeElement)) return;
    const target = grid.querySelector<HTMLElement>(`[data-cell="${selected.column},${selected.row}"]`);
    if (target && target !== document.activeElement) target.focus();
  }, [selected]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (!target.dataset.cell) return;
    const store = useWallStore.getState();
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      if (!store.selectedTile) {
        const [column, row] = target.dataset.cell.split(',').map(Number);
        store.selectTile({ column, row });
      }
      const from = store.selectedTile;
      if (e.shiftKey && from && editable) store.extendSelection(arrow[0], arrow[1]);
      else if (e.altKey && from && editable) {
        // Alt+arrow: the tile goes one cell that way, swapping with a tile there.
        const to = stepSelection(layout, from, arrow[0], arrow[1]);
        if (tileAt(layout, from) && !sameCell(to, from)) store.moveTile(from, to);
      } else store.moveSelection(arrow[0], arrow[1]);
      return;
    }
    const cell = store.selectedTile;
    if (!cell) return;
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (plain && editable && (e.key === 'm' || e.key === 'M')) {
      e.preventDefault();
      mergeSelectionOnWall();
      return;
    }
    if (plain && editable && (e.key === 's' || e.key === 'S')) {
      e.preventDefault();
      store.splitTile(cell);
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removeTile(cell);
    } else if (e.key === 'Escape') {
      if (store.selectionEnd) store.selectRange(null);
      else if (store.replaceTarget) store.setReplaceTarget(null);
      else store.selectTile(null);
    }
  };

  const style = {
    '--wall-columns': layout.grid.columns,
    '--wall-rows': layout.grid.rows,
  } as CSSProperties;

  return (
    <div
      ref={gridRef}
      className="wall-grid"
      style={style}
      role="group"
      aria-roledescription={t('wallGrid.roleDescription')}
      aria-label={t('wallGrid.label', {
        name: layout.name,
        columns: layout.grid.columns,
        rows: layout.grid.rows,
      })}
      data-testid="wall-grid"
      data-columns={layout.grid.columns}
      data-rows={layout.grid.rows}
      data-selecting={range ? `${range.columnSpan}x${range.rowSpan}` : undefined}
      onKeyDown={onKeyDown}
      // Shift+click or Shift+drag selects a rectangle of cells (what Merge makes one tile).
      onMouseDownCapture={(e) => {
        if (!e.shiftKey || !editable || e.button !== 0) return;
        const at = cellOf(e.target);
        if (!at) return;
        e.preventDefault();
        e.stopPropagation();
        selecting.current = true;
        const store = useWallStore.getState();
        if (!store.selectedTile) store.selectTile(at);
        else store.selectRange(at);
        // The keyboard goes on from the selection's first cell (M merges, Escape lets go).
        const anchor = useWallStore.getState().selectedTile;
        if (anchor && !gridRef.current?.contains(document.activeElement))
          gridRef.current
            ?.querySelector<HTMLElement>(`[data-cell="${anchor.column},${anchor.row}"]`)
            ?.focus();
      }}
      onMouseOver={(e) => {
        if (!selecting.current) return;
        if (!(e.buttons & 1)) {
          selecting.current = false;
          return;
        }
        const at = cellOf(e.target);
        if (at) useWallStore.getState().selectRange(at);
      }}
      onMouseUp={() => {
        selecting.current = false;
      }}
    >
      {tiles.map((tile) => {
        const key = keys[tile.index];
        const at = { column: tile.column, row: tile.row };
        return (
          <VideoTile
            key={key}
            tile={tile}
            tileKey={key}
            profileId={layout.profileId}
            selected={sameCell(selected, at)}
            focusable={sameCell(tabStop, at)}
            replacing={sameCell(replaceTarget, at)}
            showStats={statsShown[key] ?? statsDefault}
            editable={editable}
            onSelect={selectTile}
            onRemove={removeTile}
            onToggleStats={toggleStats}
            onReplace={replace}
            onSpan={resize}
            spansOf={spansOf}
          />
        );
      })}
      {range && <MergeBar range={range} editable={editable} />}
      {empty.map((cell) => (
        <EmptyCell
          key={`empty-${cell.column}-${cell.row}`}
          cell={cell}
          selected={sameCell(selected, cell)}
          focusable={sameCell(tabStop, cell)}
          editable={editable}
          onSelect={selectCell}
        />
      ))}
    </div>
  );
}
