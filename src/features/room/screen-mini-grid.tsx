import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomReportedTile, RoomScreenStatus, RoomView } from '../../../electron/shared/room';
import { MiddleEllipsis } from '../../components/middle-ellipsis';
import { WALL_DEVICE_MIME } from '../../session/wall-device';
import { placed, type TileDevice, type WallCell } from './wall-door';
import { tileName } from './wall-door';
import { parseDevice } from './wall-door';
import { desiredView, screenGrid } from './room-commands';

export interface ScreenMiniGridProps {
  screen: RoomScreenStatus;
  /** A device dropped from the catalog onto a cell. */
  onDropDevice?(device: TileDevice, cell: WallCell): void;
  /** A cell chosen with a click or the keyboard (the tile menu's "Send to screen…"). */
  onPickCell?(cell: WallCell): void;
}

const key = (c: WallCell) => `${c.column},${c.row}`;

/** What a screen told no view shows by itself, as it reports it (its own operator's wall). */
function reportedView(screen: RoomScreenStatus): RoomView | null {
  const reported = screen.reported;
  if (reported?.shows.kind !== 'view') return null;
  return {
    grid: reported.shows.grid,
    tiles: reported.tiles.map(({ column, row, deviceKey, deviceName }) => ({
      column,
      row,
      deviceKey,
      ...(deviceName ? { deviceName } : {}),
    })),
  };
}

/**
 * A screen's grid in small: the view it is told to show, else the one it reports showing (its tiles
 * by name, each with a health dot from what the screen reports), every cell a drop target for a device from the catalog, or a
 * button to pick when `onPickCell` is given.
 */
export function ScreenMiniGrid({ screen, onDropDevice, onPickCell }: ScreenMiniGridProps) {
  const { t } = useTranslation('room');
  const [over, setOver] = useState<string | null>(null);
  const grid = screenGrid(screen);
  const view = desiredView(screen) ?? reportedView(screen);
  const tiles = view ? placed(view) : [];
  const health = new Map<string, RoomReportedTile>(
    (screen.reported?.tiles ?? []).map((t) => [key(t), t] as const),
  );
  const covered = new Set<string>();
  for (const t of tiles)
    for (let r = t.row; r < t.row + t.rowSpan; r++)
      for (let c = t.column; c < t.column + t.columnSpan; c++) covered.add(`${c},${r}`);
  const cells: { cell: WallCell; span: { columnSpan: number; rowSpan: number }; name: string | null }[] = [];
  for (let row = 1; row <= grid.rows; row++)
    for (let column = 1; column <= grid.columns; column++) {
      const tile = tiles.find((t) => t.column === column && t.row === row);
      if (tile) cells.push({ cell: { column, row }, span: tile, name: tileName(tile) });
      else if (!covered.has(`${column},${row}`))
        cells.push({ cell: { column, row }, span: { columnSpan: 1, rowSpan: 1 }, name: null });
    }

  const dropHandlers = (cell: WallCell) =>
    onDropDevice
      ? {
          onDragOver(e: DragEvent) {
            if (!e.dataTransfer.types.includes(WALL_DEVICE_MIME)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            if (over !== key(cell)) setOver(key(cell));
          },
          onDragLeave() {
            setOver(null);
          },
          onDrop(e: DragEvent) {
            setOver(null);
            const device = parseDevice(e.dataTransfer.getData(WALL_DEVICE_MIME));
            if (!device) return;
            e.preventDefault();
            onDropDevice(device, cell);
          },
        }
      : {};

  return (
    <div
      className="room-mini-grid"
      role="group"
      aria-label={t('miniGrid.label', { screen: screen.name, columns: grid.columns, rows: grid.rows })}
      data-testid="room-mini-grid"
      data-grid={`${grid.columns}x${grid.rows}`}
      style={{
        gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${grid.rows}, minmax(22px, 1fr))`,
      }}
    >
      {cells.map(({ cell, span, name }) => {
        const state = health.get(key(cell))?.state;
        const where = { column: cell.column, row: cell.row, name: name ?? t('miniGrid.empty') };
        const label = state
          ? t('miniGrid.cellState', { ...where, state: t(`tileState.${state}`) })
          : t('miniGrid.cell', where);
        const Tag = onPickCell ? 'button' : 'div';
        return (
          <Tag
            key={key(cell)}
            {...(onPickCell ? { type: 'button' as const, onClick: () => onPickCell(cell) } : {})}
            className={`room-mini-cell${name ? ' has-tile' : ''}${over === key(cell) ? ' is-over' : ''}`}
            style={{
              gridColumn: `${cell.column} / span ${span.columnSpan}`,
              gridRow: `${cell.row} / span ${span.rowSpan}`,
            }}
            title={label}
            aria-label={label}
            data-testid="room-mini-cell"
            data-cell={key(cell)}
            data-state={state}
            {...dropHandlers(cell)}
          >
            {name && (
              <>
                <span className={`room-dot room-dot-${state ?? 'unknown'}`} aria-hidden="true" />
                <MiddleEllipsis text={name} className="room-mini-name" />
              </>
            )}
          </Tag>
        );
      })}
    </div>
  );
}
