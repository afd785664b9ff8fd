import type { CSSProperties } from 'react';
import { useNoticesStore } from '../../session/notices-store';
import type { Slot } from './layout-edit';
import { namesList } from './names-list';
import { tileName } from './tile-name';
import { undoAction, WALL_NOTICE_ID } from './undo-action';
import { useWallStore } from './wall-store';
import './wall-layouts.css';

/**
 * Merge the selected cells into one tile and say what it did to the cameras in them: the first keeps
 * playing in the large tile, the others moved to free cells or, without room, were parked (named).
 */
export function mergeSelectionOnWall(): boolean {
  const store = useWallStore.getState();
  const rect = store.selectionRect();
  const outcome = store.mergeSelection();
  if (!outcome || !rect) return false;
  const size = `${rect.columnSpan} × ${rect.rowSpan}`;
  const moved = outcome.moved.length
    ? ` Moved to free cells: ${namesList(outcome.moved.map(tileName))}.`
    : '';
  const parked = outcome.parked.length
    ? ` No room left for ${namesList(outcome.parked.map(tileName))}: parked, back when there is room.`
    : '';
  useNoticesStore.getState().notify({
    id: WALL_NOTICE_ID,
    level: outcome.parked.length ? 'warning' : 'info',
    message: `Merged ${size} cells into one tile.${moved}${parked}`,
    action: undoAction(outcome.editId),
  });
  return true;
}

/**
 * The selected rectangle of cells, drawn over the grid, with what can be done with it: Merge (M)
 * or let go (Escape).
 */
export function MergeBar({ range, editable }: { range: Slot; editable: boolean }) {
  const style: CSSProperties = {
    gridColumn: `${range.column} / span ${range.columnSpan}`,
    gridRow: `${range.row} / span ${range.rowSpan}`,
  };
  return (
    <div
      className="wall-selection"
      style={style}
      data-testid="wall-selection"
      data-range={`${range.column},${range.row},${range.columnSpan}x${range.rowSpan}`}
    >
      {editable && (
        <div className="wall-selection-bar" role="toolbar" aria-label="Selected cells">
          <span className="wall-selection-size">
            {range.columnSpan} × {range.rowSpan} selected
          </span>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => mergeSelectionOnWall()}
            data-testid="wall-merge"
          >
            Merge <kbd>M</kbd>
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            aria-label="Cancel the selection"
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => useWallStore.getState().selectRange(null)}
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
