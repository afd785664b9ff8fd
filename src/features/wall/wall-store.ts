import { create } from 'zustand';
import type { AppError } from '../../../electron/shared/contract';
import type { Layout, LayoutGrid } from '../../../electron/shared/layout';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/shared/settings';
import { api } from '../../lib/bridge';
import {
  DEFAULT_GRID,
  inGrid,
  moveTile as moveTileIn,
  placeDeviceIn,
  removeTileAt,
  resizeGrid,
  sameCell,
  stepSelection,
  tileAt,
  uniqueLayoutId,
  type TileDevice,
  type WallCell,
} from './layout-edit';

export type { TileDevice, WallCell } from './layout-edit';

/** Edits are written this long after the last one, so a burst of drops is one save. */
export const SAVE_DEBOUNCE_MS = 400;
const REMEMBERED_LAYOUT_KEY = 'wall.currentLayout';

export type WallStatus = 'loading' | 'ready' | 'error';
export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export type PlaceResult = { ok: true; cell: WallCell; replaced: boolean } | { ok: false; message: string };

export interface WallState {
  status: WallStatus;
  error: AppError | null;
  /** Every saved layout. */
  layouts: Layout[];
  /** The layout on the wall (edits show here at once and are saved shortly after). */
  layout: Layout | null;
  /** The cell the operator selected (a tile's own cell for a tile): the catalog's "put on wall" target. */
  selectedTile: WallCell | null;
  settings: Settings;
  saveState: SaveState;
  saveError: string | null;
  /** Per-tile stats overlay choice (by tile key); a tile without one follows settings.statsOverlay. */
  statsShown: Record<string, boolean>;

  /** Load settings and layouts and open the start layout (kiosk, last used, or the first). */
  load(): Promise<void>;
  /** Follow layouts:changed and settings:changed; returns the unsubscribe. */
  connect(): () => void;
  openLayout(id: string): Promise<void>;
  /**
   * Put a device on the wall: onto `at`, else the selected tile, else the next free cell (a full wall
   * grows). A wall without a layout gets a 3×3 one for the selected profile.
   */
  placeDevice(device: TileDevice, at?: WallCell): PlaceResult;
  removeTile(cell: WallCell): void;
  moveTile(from: WallCell, to: WallCell): boolean;
  /** Resize the grid; tiles that no longer fit move to free cells or are dropped (the count is returned). */
  setGrid(grid: LayoutGrid): number;
  /** A copy of the wall under a new name; the wall switches to it. */
  saveAs(name: string): Promise<{ ok: true; id: string } | { ok: false; message: string }>;
  removeLayout(id: string): Promise<void>;
  selectTile(cell: WallCell | null): void;
  /** Arrow keys: move the selection by one tile. */
  moveSelection(dx: number, dy: number): void;
  toggleStats(tileKey: string): void;
  /** Write a pending edit now (page hidden, layout switch). */
  flush(): Promise<void>;
  /** After a failed save: try again now. */
  retrySave(): void;
  /** Whether the operator may change the wall (not a locked kiosk). */
  editable(): boolean;
}

function remembered(): string | null {
  try {
    return globalThis.localStorage?.getItem(REMEMBERED_LAYOUT_KEY) ?? null;
  } catch {
    return null;
  }
}

function remember(id: string | null): void {
  try {
    if (id) globalThis.localStorage?.setItem(REMEMBERED_LAYOUT_KEY, id);
    else globalThis.localStorage?.removeItem(REMEMBERED_LAYOUT_KEY);
  } catch {
    // Storage blocked: the wall opens on the first layout next time.
  }
}

const sameLayout = (a: Layout | null, b: Layout | null) => JSON.stringify(a) === JSON.stringify(b);

/** Which layout the wall opens on: the kiosk's start layout, the one used last, or the first. */
function startLayout(layouts: Layout[], settings: Settings): Layout | null {
  const byId = (id: string | null) => (id ? layouts.find((l) => l.id === id) : undefined);
  if (settings.kiosk.enabled) {
    const kiosk = byId(settings.kiosk.startLayout);
    if (kiosk) return kiosk;
  }
  return byId(remembered()) ?? layouts[0] ?? null;
}

/**
 * The wall: which layout is on it, the operator's selection, and saving edits.
 *
 * Edits change `layout` at once (the tiles follow) and are written through layouts:save after
 * SAVE_DEBOUNCE_MS. A layouts:changed from elsewhere (another window, provisioning) replaces the
 * wall's layout only while no edit of ours is waiting, so an operator's change is never overwritten.
 */
export const useWallStore = create<WallState>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  /** What we wrote recently: an echo of an older one of these must not undo a newer edit. */
  const written: string[] = [];

  const persist = async (): Promise<void> => {
    timer = null;
    if (inFlight) await inFlight;
    const layout = get().layout;
    if (!layout || get().saveState !== 'pending') return;
    set({ saveState: 'saving', saveError: null });
    const json = JSON.stringify(layout);
    written.push(json);
    if (written.length > 8) written.shift();
    inFlight = api.layouts.save(layout).then((result) => {
      inFlight = null;
      // An edit made while saving is still pending: its own timer writes it.
      if (get().saveState !== 'saving') return;
      if (result.ok) {
        set((s) => ({
          saveState: 'saved',
          layouts: upsert(s.layouts, result.value),
        }));
      } else {
        console.warn(`[wall] the layout could not be saved: ${result.error.message}`);
        set({ saveState: 'failed', saveError: result.error.message });
      }
    });
    await inFlight;
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void persist(), SAVE_DEBOUNCE_MS);
  };

  /** Show an edited layout now and save it soon. */
  const edit = (layout: Layout, patch: Partial<WallState> = {}) => {
    set({ ...patch, layout, saveState: 'pending', saveError: null });
    schedule();
  };

  const open = (layout: Layout | null) => {
    remember(layout?.id ?? null);
    set({ layout, selectedTile: null, statsShown: {}, saveState: 'saved', saveError: null });
  };

  /** A new empty layout for the selected profile (not saved until it holds something). */
  const fresh = (grid: LayoutGrid = DEFAULT_GRID): Layout | null => {
    const profileId = get().settings.selectedProfileId;
    if (!profileId) return null;
    const taken = get().layouts.map((l) => l.id);
    return {
      id: uniqueLayoutId('wall', taken),
      name: nextWallName(get().layouts),
      profileId,
      grid,
      tiles: [],
    };
  };

  return {
    status: 'loading',
    error: null,
    layouts: [],
    layout: null,
    selectedTile: null,
    settings: DEFAULT_SETTINGS,
    saveState: 'saved',
    saveError: null,
    statsShown: {},

    async load() {
      set({ status: 'loading', error: null });
      const [settings, layouts] = await Promise.all([api.settings.get(), api.layouts.list()]);
      if (!settings.ok || !layouts.ok) {
        set({ status: 'error', error: !settings.ok ? settings.error : !layouts.ok ? layouts.error : null });
        return;
      }
      set({ status: 'ready', settings: settings.value, layouts: layouts.value });
      // An edit made before the load finished (a drop during start-up) stays.
      if (get().saveState === 'saved') open(startLayout(layouts.value, settings.value));
    },

    connect() {
      const offLayouts = api.on('layouts:changed', ({ layouts }) => {
        const { layout, saveState } = get();
        set({ layouts });
        if (!layout || saveState !== 'saved' || inFlight) return;
        const stored = layouts.find((l) => l.id === layout.id) ?? null;
        if (!stored) {
          // Removed elsewhere: show what is left rather than a wall that can no longer be saved.
          open(startLayout(layouts, get().settings));
          return;
        }
        const json = JSON.stringify(stored);
        if (!sameLayout(stored, layout) && (written.length === 0 || !written.slice(0, -1).includes(json)))
          set({ layout: stored, selectedTile: clampCell(get().selectedTile, stored.grid) });
      });
      const offSettings = api.on('settings:changed', ({ settings }) => {
        const before = get().settings;
        set({ settings });
        const kioskTurnedOn =
          settings.kiosk.enabled &&
          (!before.kiosk.enabled || before.kiosk.startLayout !== settings.kiosk.startLayout);
        const target = kioskTurnedOn
          ? get().layouts.find((l) => l.id === settings.kiosk.startLayout)
          : undefined;
        if (target && target.id !== get().layout?.id) void get().openLayout(target.id);
      });
      return () => {
        offLayouts();
        offSettings();
      };
    },

    async openLayout(id) {
      if (get().layout?.id === id) return;
      await get().flush();
      const layout = get().layouts.find((l) => l.id === id);
      if (layout) open(layout);
    },

    placeDevice(device, at) {
      if (!get().editable()) return { ok: false, message: 'The wall is locked (kiosk mode).' };
      let layout = get().layout;
      if (!layout) {
        layout = fresh();
        if (!layout) return { ok: false, message: 'Select a connection profile first.' };
        remember(layout.id);
      }
      const cell = at ?? get().selectedTile ?? undefined;
      const outcome = placeDeviceIn(layout, device, cell && inGrid(layout.grid, cell) ? cell : undefined);
      if (!outcome.ok) {
        console.warn(`[wall] ${outcome.message}`);
        return { ok: false, message: outcome.message };
      }
      edit({ ...layout, ...outcome.layout });
      return { ok: true, cell: outcome.cell, replaced: outcome.replaced };
    },

    removeTile(cell) {
      const layout = get().layout;
      if (!layout || !get().editable() || !tileAt(layout, cell)) return;
      edit({ ...layout, ...removeTileAt(layout, cell) });
    },

    moveTile(from, to) {
      const layout = get().layout;
      if (!layout || !get().editable()) return false;
      const moved = moveTileIn(layout, from, to);
      if (!moved) return false;
      const landed = tileAt(moved, to);
      edit(
        { ...layout, ...moved },
        { selectedTile: landed ? { column: landed.column, row: landed.row } : to },
      );
      return true;
    },

    setGrid(grid) {
      if (!get().editable()) return 0;
      const layout = get().layout ?? fresh(grid);
      if (!layout) return 0;
      if (!get().layout) remember(layout.id);
      const { layout: resized, dropped } = resizeGrid(layout, grid);
      edit({ ...layout, ...resized }, { selectedTile: clampCell(get().selectedTile, resized.grid) });
      return dropped;
    },

    async saveAs(name) {
      const trimmed = name.trim();
      if (!trimmed) return { ok: false, message: 'Give the layout a name.' };
      const base = get().layout ?? fresh();
      if (!base) return { ok: false, message: 'Select a connection profile first.' };
      await get().flush();
      const id = uniqueLayoutId(
        trimmed,
        get().layouts.map((l) => l.id),
      );
      const copy: Layout = { ...base, id, name: trimmed.slice(0, 100) };
      const result = await api.layouts.save(copy);
      if (!result.ok) return { ok: false, message: result.error.message };
      set((s) => ({ layouts: upsert(s.layouts, result.value) }));
      open(result.value);
      return { ok: true, id: result.value.id };
    },

    async removeLayout(id) {
      if (!get().editable()) return;
      if (get().layout?.id === id) {
        if (timer) clearTimeout(timer);
        timer = null;
        set({ saveState: 'saved' });
      }
      const result = await api.layouts.remove({ id });
      if (!result.ok) return;
      const layouts = get().layouts.filter((l) => l.id !== id);
      set({ layouts });
      if (get().layout?.id === id) open(layouts[0] ?? null);
    },

    selectTile(cell) {
      const layout = get().layout;
      if (!cell || !layout) return set({ selectedTile: null });
      const hit = tileAt(layout, cell);
      const next = hit ? { column: hit.column, row: hit.row } : cell;
      if (!sameCell(next, get().selectedTile)) set({ selectedTile: next });
    },

    moveSelection(dx, dy) {
      const layout = get().layout;
      if (!layout) return;
      const from = get().selectedTile ?? { column: 1, row: 1 };
      set({ selectedTile: get().selectedTile ? stepSelection(layout, from, dx, dy) : from });
    },

    toggleStats(tileKey) {
      set((s) => ({
        statsShown: { ...s.statsShown, [tileKey]: !(s.statsShown[tileKey] ?? s.settings.statsOverlay) },
      }));
    },

    async flush() {
      if (timer) {
        clearTimeout(timer);
        await persist();
      } else if (inFlight) {
        await inFlight;
      }
    },

    retrySave() {
      if (get().saveState !== 'failed' || !get().layout) return;
      set({ saveState: 'pending', saveError: null });
      void persist();
    },

    editable() {
      const { kiosk } = get().settings;
      return !(kiosk.enabled && kiosk.locked);
    },
  };
});

function upsert(layouts: Layout[], layout: Layout): Layout[] {
  const at = layouts.findIndex((l) => l.id === layout.id);
  if (at === -1) return [...layouts, layout];
  return layouts.map((l, i) => (i === at ? layout : l));
}

function clampCell(cell: WallCell | null, grid: LayoutGrid): WallCell | null {
  return cell && inGrid(grid, cell) ? cell : null;
}

function nextWallName(layouts: Layout[]): string {
  const names = new Set(layouts.map((l) => l.name));
  if (!names.has('Wall')) return 'Wall';
  for (let n = 2; ; n++) if (!names.has(`Wall ${n}`)) return `Wall ${n}`;
}
