import type { Layout, LayoutTile } from '../../../electron/shared/layout';
import { pinned, placed } from './layout-edit';

const tileText = (t: LayoutTile) =>
  [
    t.deviceKey,
    t.sipId ?? '',
    t.channelId ?? '',
    t.label ?? '',
    t.deviceName ?? '',
    t.column,
    t.row,
    t.columnSpan ?? 1,
    t.rowSpan ?? 1,
    t.transport ?? '',
    t.fit ?? '',
  ].join('|');

/**
 * What an operator would call "the same layout": name, profile, grid and its merged areas, which
 * device is in which cell at which size with which settings, and the parked tiles. Key order, tile order and whether a tile's cell was written
 * out or decided automatically do not count (the core hands a layout back in its own key order, and
 * the first edit writes out every cell).
 */
function layoutSignature(layout: Layout): string {
  const tiles = placed(layout)
    .map((t) => tileText(t))
    .sort();
  const parked = (layout.parked ?? []).map(tileText);
  // The areas as the wall shows them: an older layout's large tile is an area once edited.
  const areas = (pinned(layout).areas ?? []).map((a) => `${a.column},${a.row},${a.columnSpan},${a.rowSpan}`);
  return JSON.stringify([
    layout.name,
    layout.profileId,
    layout.grid.columns,
    layout.grid.rows,
    tiles,
    parked,
    areas,
  ]);
}

export const sameLayoutContent = (a: Layout | null | undefined, b: Layout | null | undefined): boolean =>
  !!a && !!b && a.id === b.id && layoutSignature(a) === layoutSignature(b);
