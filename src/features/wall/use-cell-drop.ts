import { useState, type DragEvent } from 'react';
import { WALL_DEVICE_MIME } from '../../session/wall-device';
import type { TileDevice, WallCell } from './layout-edit';
import { putDeviceOnWall } from './put-device-on-wall';
import { useWallStore } from './wall-store';

/** Drag data of a tile being moved on the wall: JSON of its cell. */
export const WALL_TILE_MIME = 'application/x-wall-tile';

/** The device a catalog drag carries, if it carries one. */
export function parseDevice(text: string): TileDevice | null {
  try {
    const value = JSON.parse(text) as Partial<TileDevice>;
    if (typeof value.deviceKey !== 'string' || value.deviceKey.trim() === '') return null;
    return {
      deviceKey: value.deviceKey,
      deviceName: typeof value.deviceName === 'string' ? value.deviceName : value.deviceKey,
      ...(typeof value.sipId === 'string' && value.sipId ? { sipId: value.sipId } : {}),
      ...(typeof value.channelId === 'string' && value.channelId ? { channelId: value.channelId } : {}),
    };
  } catch {
    return null;
  }
}

function parseCell(text: string): WallCell | null {
  try {
    const value = JSON.parse(text) as Partial<WallCell>;
    return Number.isInteger(value.column) && Number.isInteger(value.row)
      ? { column: value.column!, row: value.row! }
      : null;
  } catch {
    return null;
  }
}

const carries = (event: DragEvent, type: string) => event.dataTransfer.types.includes(type);

/** What is being dragged over a cell: a device from the catalog, or a tile of the wall. */
export type DropOver = 'device' | 'tile' | null;

/**
 * A wall cell (a tile or an empty cell) as a drop target: a device from the catalog goes onto it
 * (on a tile, it replaces that camera: an explicit act, announced with Undo); a tile dragged from
 * elsewhere on the wall moves here (or swaps with the tile here).
 */
export function useCellDrop(cell: WallCell, enabled: boolean): { over: DropOver; handlers: object } {
  const [over, setOver] = useState<DropOver>(null);
  if (!enabled) return { over: null, handlers: {} };
  const accepts = (e: DragEvent) => carries(e, WALL_DEVICE_MIME) || carries(e, WALL_TILE_MIME);
  return {
    over,
    handlers: {
      onDragOver(e: DragEvent) {
        if (!accepts(e)) return;
        e.preventDefault();
        const kind = carries(e, WALL_TILE_MIME) ? 'tile' : 'device';
        e.dataTransfer.dropEffect = kind === 'tile' ? 'move' : 'copy';
        if (over !== kind) setOver(kind);
      },
      onDragLeave(e: DragEvent) {
        // Leaving for a child of the cell (its caption, its menu) is not leaving the cell.
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        setOver(null);
      },
      onDrop(e: DragEvent) {
        setOver(null);
        if (!accepts(e)) return;
        e.preventDefault();
        const store = useWallStore.getState();
        const device = parseDevice(e.dataTransfer.getData(WALL_DEVICE_MIME));
        if (device) {
          const placed = putDeviceOnWall(device, cell);
          if (placed.ok) store.selectTile(placed.cell);
          return;
        }
        const from = parseCell(e.dataTransfer.getData(WALL_TILE_MIME));
        if (from) store.moveTile(from, cell);
      },
    },
  };
}
