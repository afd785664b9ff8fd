import { useCallback, useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Layout, PlacedTile } from '../../../electron/shared/layout';
import { EmptyCell } from './empty-cell';
import { freeCells, placed, sameCell, tileAt, tileKeys, type WallCell } from './layout-edit';
import { removeTileFromWall } from './remove-tile-from-wall';
import { setTileSpan, TILE_SPANS, type TileSpan } from './tile-span';
import { VideoTile } from './video-tile';
import { useWallStore } from './wall-store';

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
 * the wall (with Undo), Enter toggles its stats, Escape drops a replace target. Tiles are rendered in
 * the layout's order whatever their cells, so moving one on the grid changes its style only and its
 * player keeps running.
 *
 * Neither a click nor the focus makes a tile a target for the catalog: a device put on the wall goes
 * to the first free cell unless the operator chose "Replace…" on a tile (drawn apart from the focus).
 */
export function WallGrid({ layout }: { layout: Layout }) {
  const { selected, replaceTarget, statsShown, statsDefault, editable } = useWallStore(
    useShallow((s) => ({
      selected: s.selectedTile,
      replaceTarget: s.replaceTarget,
      statsShown: s.statsShown,
      statsDefault: s.settings.statsOverlay,
      editable: s.editable(),
    })),
  );
  const gridRef = useRef<HTMLDivElement>(null);
  const tiles = useMemo(() => placed(layout), [layout]);
  const keys = useMemo(() => tileKeys(layout.tiles), [layout.tiles]);
  const empty = useMemo(() => freeCells(layout), [layout]);
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
      store.moveSelection(arrow[0], arrow[1]);
      return;
    }
    const cell = store.selectedTile;
    if (!cell) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removeTile(cell);
    } else if (e.key === 'Enter') {
      const hit = tileAt(layout, cell);
      if (!hit) return;
      e.preventDefault();
      store.toggleStats(keys[hit.index]);
    } else if (e.key === 'Escape') {
      if (store.replaceTarget) store.setReplaceTarget(null);
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
      aria-roledescription="video wall"
      aria-label={`${layout.name}: ${layout.grid.columns} × ${layout.grid.rows}. Arrow keys move between tiles, Delete removes a tile, Enter shows its statistics, Ctrl+Z undoes.`}
      data-testid="wall-grid"
      data-columns={layout.grid.columns}
      data-rows={layout.grid.rows}
      onKeyDown={onKeyDown}
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
