import type { Layout, LayoutDraft } from '../../../../../electron/shared/layout';
import { h, profileId } from './wall-store-harness';

/**
 * Small steps of the wall store's specs over the core of `useWallStoreHarness()`: a device as the
 * catalog hands it over, a layout's cells in short, and layouts read or saved behind the store's back.
 */

export const dev = (key: string) => ({ deviceKey: key, deviceName: `Camera ${key}` });
export const cells = (layout: Layout | null | undefined) =>
  layout?.tiles.map((t) => `${t.deviceKey}@${t.column},${t.row}`);

export async function stored(id: string): Promise<Layout | undefined> {
  const list = await h.api.layouts.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((l) => l.id === id);
}

export async function saveElsewhere(draft: LayoutDraft): Promise<Layout> {
  const result = await h.core.call('layouts:save', draft);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Layout;
}

/** A 4 × 4 layout of 16 cameras, d1 … d16 row by row, saved. */
export async function sixteen(id = 'sixteen'): Promise<Layout> {
  return saveElsewhere({
    id,
    name: 'Sixteen',
    profileId,
    grid: { columns: 4, rows: 4 },
    tiles: Array.from({ length: 16 }, (_, i) => ({
      deviceKey: `d${i + 1}`,
      label: `Cam ${i + 1}`,
      column: (i % 4) + 1,
      row: Math.floor(i / 4) + 1,
    })),
  });
}
