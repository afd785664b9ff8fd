import { memo } from 'react';
import type { WallCell } from './layout-edit';
import { useCellDrop } from './use-cell-drop';

export interface EmptyCellProps {
  cell: WallCell;
  selected: boolean;
  focusable: boolean;
  editable: boolean;
  onSelect(cell: WallCell): void;
}

/** A free cell of the grid: a drop target for a device from the catalog. */
export const EmptyCell = memo(function EmptyCell({
  cell,
  selected,
  focusable,
  editable,
  onSelect,
}: EmptyCellProps) {
  const drop = useCellDrop(cell, editable);
  return (
    <div
      className="wall-cell wall-empty"
      style={{ gridColumn: cell.column, gridRow: cell.row }}
      role="group"
      aria-label={`Empty cell, column ${cell.column}, row ${cell.row}`}
      aria-current={selected || undefined}
      tabIndex={focusable ? 0 : -1}
      data-cell={`${cell.column},${cell.row}`}
      data-testid="wall-empty-cell"
      data-selected={selected || undefined}
      data-drop-over={drop.over ?? undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onSelect(cell);
      }}
      onMouseDown={() => onSelect(cell)}
      {...drop.handlers}
    >
      {editable && !drop.over && (
        <p className="wall-empty-hint">
          Drop a device here, or press ▶ on one in the catalog: it fills the first free cell
        </p>
      )}
      {drop.over && (
        <p className="wall-empty-hint wall-drop-hint-text" aria-hidden="true">
          {drop.over === 'device' ? 'Drop to put it here' : 'Drop to move it here'}
        </p>
      )}
    </div>
  );
});
