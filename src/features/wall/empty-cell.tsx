import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slot, WallCell } from './layout-edit';
import { useCellDrop } from './use-cell-drop';

export interface EmptyCellProps {
  /** The free cell, or a free merged area (its top-left cell and size). */
  cell: Slot;
  selected: boolean;
  focusable: boolean;
  editable: boolean;
  onSelect(cell: WallCell): void;
}

/** A free cell (or merged area) of the grid: a drop target; a device put there takes its size. */
export const EmptyCell = memo(function EmptyCell({
  cell,
  selected,
  focusable,
  editable,
  onSelect,
}: EmptyCellProps) {
  const { t } = useTranslation('tiles');
  const drop = useCellDrop(cell, editable);
  const area = cell.columnSpan > 1 || cell.rowSpan > 1;
  return (
    <div
      className="wall-cell wall-empty"
      style={{
        gridColumn: `${cell.column} / span ${cell.columnSpan}`,
        gridRow: `${cell.row} / span ${cell.rowSpan}`,
      }}
      role="group"
      aria-label={
        area
          ? t('empty.area', {
              columns: cell.columnSpan,
              rows: cell.rowSpan,
              column: cell.column,
              row: cell.row,
            })
          : t('empty.cell', { column: cell.column, row: cell.row })
      }
      aria-current={selected || undefined}
      tabIndex={focusable ? 0 : -1}
      data-cell={`${cell.column},${cell.row}`}
      data-testid="wall-empty-cell"
      data-span={area ? `${cell.columnSpan}x${cell.rowSpan}` : undefined}
      data-selected={selected || undefined}
      data-drop-over={drop.over ?? undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onSelect(cell);
      }}
      onMouseDown={() => onSelect({ column: cell.column, row: cell.row })}
      {...drop.handlers}
    >
      {editable && !drop.over && <p className="wall-empty-hint">{t('empty.hint')}</p>}
      {drop.over && (
        <p className="wall-empty-hint wall-drop-hint-text" aria-hidden="true">
          {drop.over === 'device' ? t('empty.dropPut') : t('empty.dropMove')}
        </p>
      )}
    </div>
  );
});
