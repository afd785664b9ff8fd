import i18next from 'i18next';
import { placeTiles, type Layout, type LayoutTile, type PlacedTile } from '../../../electron/shared/layout';
import {
  TourDraftSchema,
  tourReferenceProblems,
  type Tour,
  type TourDevice,
  type TourDraft,
} from '../../../electron/shared/tour';
import { elideMiddle } from '../../lib/elide-middle';
import { streamKey } from './operator-log-events';
import { tileName } from './tile-name';

/** The tour editor's form: both kinds' fields kept, so switching the kind back loses nothing. */
export interface TourForm {
  id: string | null;
  name: string;
  kind: 'views' | 'tile';
  dwell: string;
  views: string[];
  view: string;
  cell: string; // "column,row"
  devices: TourDevice[];
}

/** A cell of a view a cycling tile may take: its value in the form, its words, the tile there. */
export interface TourCell {
  value: string;
  label: string;
  tile?: PlacedTile;
}

/** A new tour: views in turn, 10 s a page; a cycling tile would start on the first view's first cell. */
export const blankTourForm = (layouts: readonly Layout[]): TourForm => ({
  id: null,
  name: '',
  kind: 'views',
  dwell: '10',
  views: [],
  view: layouts[0]?.id ?? '',
  cell: '1,1',
  devices: [],
});

/** A saved tour in the form. */
export const tourFormOf = (tour: Tour, layouts: readonly Layout[]): TourForm =>
  tour.kind === 'views'
    ? {
        ...blankTourForm(layouts),
        id: tour.id,
        name: tour.name,
        dwell: String(tour.dwellSeconds),
        views: [...tour.views],
      }
    : {
        ...blankTourForm(layouts),
        id: tour.id,
        name: tour.name,
        kind: 'tile',
        dwell: String(tour.dwellSeconds),
        view: tour.view,
        cell: `${tour.column},${tour.row}`,
        devices: [...tour.devices],
      };

/** The draft the form sends (an empty dwell is no number, not 0). */
export function tourDraftOf(form: TourForm): TourDraft {
  const base = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    dwellSeconds: form.dwell.trim() === '' ? Number.NaN : Number(form.dwell),
  };
  if (form.kind === 'views') return { ...base, kind: 'views', views: form.views };
  const [column, row] = form.cell.split(',').map(Number);
  return { ...base, kind: 'tile', view: form.view, column, row, devices: form.devices };
}

/** Problems with the draft, by field: the schema's and what the tour points at. */
export function tourFormProblems(form: TourForm, layouts: readonly Layout[]): Record<string, string> {
  const draft = tourDraftOf(form);
  const problems: Record<string, string> = {};
  const parsed = TourDraftSchema.safeParse(draft);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      problems[key] ??=
        key === 'dwellSeconds' && Number.isNaN(draft.dwellSeconds)
          ? i18next.t('wall:tourForm.dwellNotNumber')
          : issue.message;
    }
  const refs = new Map(layouts.map((l) => [l.id, { id: l.id, name: l.name, grid: l.grid }]));
  const ref =
    draft.kind === 'views'
      ? { kind: 'views' as const, views: draft.views }
      : { kind: 'tile' as const, view: draft.view, column: draft.column, row: draft.row };
  for (const p of tourReferenceProblems(ref, refs)) problems[p.path.replace(/\[.*$/, '')] ??= p.message;
  return problems;
}

/** A tile's camera as a cycling tile shows it: the device and its channel, named as the tile names it. */
const tourDevice = (t: LayoutTile): TourDevice => ({
  deviceKey: t.deviceKey,
  ...(t.sipId ? { sipId: t.sipId } : {}),
  ...(t.channelId ? { channelId: t.channelId } : {}),
  deviceName: tileName(t),
});

/** A camera as the editor lists it: its name, and its channel when it has one (an NVR's cameras share a name). */
export const cameraLabel = (d: TourDevice): string =>
  d.channelId
    ? i18next.t('wall:tourForm.camera', { name: d.deviceName || d.deviceKey, channel: d.channelId })
    : d.deviceName || d.deviceKey;

/** The cells of a view a tile may cycle in, in reading order (a cell under a larger tile is not one). */
export function tourCells(view: Layout | undefined): TourCell[] {
  if (!view) return [];
  const placed = placeTiles(view).placed;
  const out: TourCell[] = [];
  for (let row = 1; row <= view.grid.rows; row++)
    for (let column = 1; column <= view.grid.columns; column++) {
      const tile = placed.find((t) => t.column === column && t.row === row);
      const covered = placed.some(
        (t) =>
          t !== tile &&
          column >= t.column &&
          column < t.column + t.columnSpan &&
          row >= t.row &&
          row < t.row + t.rowSpan,
      );
      if (covered) continue;
      out.push({
        value: `${column},${row}`,
        label: tile
          ? i18next.t('wall:tourForm.cell', { column, row, name: elideMiddle(tileName(tile), 16) })
          : i18next.t('wall:tourForm.cellEmpty', { column, row }),
        tile,
      });
    }
  return out;
}

/** Every camera (each channel of a device) on a saved view, once, by name: what a cycling tile can pick from. */
export function knownCameras(layouts: readonly Layout[]): (TourDevice & { key: string })[] {
  const seen = new Map<string, TourDevice & { key: string }>();
  for (const l of layouts)
    for (const t of l.tiles) {
      const key = streamKey(t);
      if (!seen.has(key)) seen.set(key, { key, ...tourDevice(t) });
    }
  return [...seen.values()].sort((a, b) => (a.deviceName ?? '').localeCompare(b.deviceName ?? ''));
}

/** The cell that cycles picked: the camera the view has there is the natural first of an empty cycle. */
export function withCell(form: TourForm, value: string, cells: readonly TourCell[]): Partial<TourForm> {
  const hit = cells.find((c) => c.value === value)?.tile;
  const first: TourDevice[] = hit && form.devices.length === 0 ? [tourDevice(hit)] : [];
  return { cell: value, devices: [...first, ...form.devices] };
}

/** Move item `i` of a list by `by` places (past either end: unchanged). */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
