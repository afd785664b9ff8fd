import { create } from 'zustand';
import type { AppError } from '../../../electron/shared/contract';
import type { Layout, LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/shared/settings';
import { api } from '../../lib/bridge';
import { useOnWallKeys } from '../../session/on-wall-keys';
import type { PutManyResult } from '../../session/put-many-on-wall';
import type { WallDevice } from '../../session/wall-device';
import { resizeGrid, type GridResize } from './grid-resize';
import { mergeCells, reshapeLayout, selectionRect, splitArea, type Reshape } from './layout-areas';
import type { LayoutPreset } from './layout-presets';
import { sameLayoutContent } from './layout-compare';
import {
  DEFAULT_GRID,
  inGrid,
  moveTile as moveTileIn,
  patchTile,
  pinned,
  placed,
  placeDeviceIn,
  removeTileAt,
  sameCell,
  sameTileSettings,
  slotAt,
  stepSelection,
  tileAt,
  uniqueLayoutId,
  type LayoutShape,
  type Slot,
  type TileDevice,
  type WallCell,
} from './layout-edit';
import { tileName } from './tile-name';
import { setTileSpan, type TileSpan } from './tile-span';
import { EMPTY_HISTORY, recordEdit, redoEdit, undoEdit, type WallHistory } from './wall-history';
import { startView } from './start-view';
import { createViewMemory, recallView, type WallView } from './wall-view';

export type { TileDevice, WallCell, Slot } from './layout-edit';
export type { Reshape } from './layout-areas';

/** What a tile's settings editor may change. */
export type TilePatch = Partial<Pick<LayoutTile, 'sipId' | 'channelId' | 'transport' | 'fit' | 'label'>>;

export type WallStatus = 'loading' | 'ready' | 'error';
/** An explicit save of the layout into its saved copy. */
export type SaveState = 'idle' | 'saving' | 'failed';
/** How the wall differs from its saved layout: not at all, edited, or never saved. */
export type LayoutChanges = 'none' | 'modified' | 'new';

export type PlaceResult =
  | {
      ok: true;
      cell: WallCell;
      /** The tile that showed another device there before (an explicit replace), if any. */
      replaced: LayoutTile | null;
      /** The device was on the wall already (▶ on it again): nothing changed. */
      already: boolean;
      /** The grid grew to make room (only when asked). */
      grewTo: LayoutGrid | null;
      /** The edit, for an Undo of exactly this one; 0 when nothing changed. */
      editId: number;
    }
  | {
      ok: false;
      reason: 'loading' | 'locked' | 'no-profile' | 'full' | 'outside';
      message: string;
      /** The next bigger grid, when the wall is full. */
      grow: LayoutGrid | null;
    };

export interface WallState {
  status: WallStatus;
  error: AppError | null;
  /** Every saved layout. */
  layouts: Layout[];
  /**
   * The layout on the wall. Edits show here at once; they go into the saved layout only through
   * `saveLayout` (or `saveAs`), so a named layout is never overwritten by an accidental edit.
   */
  layout: Layout | null;
  changes: LayoutChanges;
  /** The keyboard's cell on the wall (the grid's tab stop): arrows move it, Delete removes its tile. */
  selectedTile: WallCell | null;
  /**
   * The other corner of a selection of several cells (Shift+arrows, Shift+click), from selectedTile:
   * what Merge makes one tile. Null: the selection is the one cell.
   */
  selectionEnd: WallCell | null;
  /** The tile the operator chose to replace (tile menu, "Replace…"): the next device put on the wall goes there. */
  replaceTarget: WallCell | null;
  settings: Settings;
  saveState: SaveState;
  saveError: string | null;
  /** Per-tile stats overlay choice (by tile key); a tile without one follows settings.statsOverlay. */
  statsShown: Record<string, boolean>;
  history: WallHistory;
  /** The wall's state (layout, edits, focus) is still to be written to the core's ui memory. */
  remembering: boolean;
  /** While an administrator's PIN unlock of a locked kiosk lasts (epoch ms, from the core); null: none. */
  unlockedUntil: number | null;

  /** Load settings, layouts and how the wall was left, and show it (kiosk, last used, or the first). */
  load(): Promise<void>;
  /** Follow layouts:changed and settings:changed; returns the unsubscribe. */
  connect(): () => void;
  /** Show another layout; unsaved edits of the current one are dropped (the toolbar asks first). */
  openLayout(id: string): Promise<void>;
  /**
   * Put a device on the wall: onto `at` (a drop: a tile there is replaced), else onto the replace
   * target, else into the first free cell. A full wall is refused unless `grow` is asked for. A wall
   * without a layout gets a 3×3 one for the selected profile.
   */
  placeDevice(device: TileDevice, at?: WallCell, options?: { grow?: boolean }): PlaceResult;
  removeTile(cell: WallCell): { removed: LayoutTile; editId: number } | null;
  moveTile(from: WallCell, to: WallCell): boolean;
  /** The tiles a resize to `grid` would take off the wall (to ask before doing it). */
  previewGrid(grid: LayoutGrid): LayoutTile[];
  /** Resize the grid; tiles that no longer fit are parked in the layout, and come back when it grows. */
  setGrid(grid: LayoutGrid): GridResize | null;
  /** Make a tile bigger or smaller (never over another tile). */
  setTileSpan(cell: WallCell, span: TileSpan): boolean;
  /**
   * Change a tile's own settings (channel, transport, picture fit, caption): one undoable edit. An
   * empty string or undefined in the patch takes that setting away. False when nothing changed.
   */
  updateTile(cell: WallCell, patch: TilePatch): boolean;
  /** The tiles a preset would take off the wall (to ask before doing it). */
  previewPreset(preset: LayoutPreset): LayoutTile[];
  /** Give the wall a preset's grid and areas; tiles that still fit keep playing, the rest are parked. */
  applyPreset(preset: LayoutPreset): Reshape | null;
  /** The cells the selection covers (grown to whole areas and tiles); null without a selection. */
  selectionRect(): Slot | null;
  /** Shift+arrows: move the selection's far corner by one cell. */
  extendSelection(dx: number, dy: number): void;
  /** Shift+click: select from the selected cell to `to` (null: back to one cell). */
  selectRange(to: WallCell | null): void;
  /**
   * Merge the selected cells into one tile (an area); tiles that no longer fit move or are parked.
   * `editId` is the edit, for an Undo of exactly this one.
   */
  mergeSelection(): (Reshape & { editId: number }) | null;
  /** Split the area covering `cell` back into single cells. */
  splitTile(cell: WallCell): boolean;
  /**
   * Put several devices on the wall in one undoable edit: the free cells in reading order, never
   * replacing a camera; devices on the wall already are not put twice.
   */
  placeDevices(devices: readonly WallDevice[]): PutManyResult & { editId: number };
  /** Let go of the parked tiles for good. */
  forgetParked(): void;
  /** Write the wall's edits into its saved layout. A new layout needs a name: saveAs. */
  saveLayout(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Back to the saved layout (an edit itself: Undo takes it back). */
  revert(): void;
  /** A copy of the wall under a new name; the wall switches to it. */
  saveAs(name: string): Promise<{ ok: true; id: string } | { ok: false; message: string }>;
  /** Remove a saved layout; a refusal (a tour shows it, a locked kiosk) comes back with its words. */
  removeLayout(id: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** The open layout's name changed elsewhere (the Views dialog): shown at once, kept by a later Save. */
  renamed(id: string, name: string): void;
  /** Take back the last edit; with `editId`, only if that edit is the last one. */
  undo(editId?: number): boolean;
  redo(): boolean;
  selectTile(cell: WallCell | null): void;
  /** Arrow keys: move the selection by one tile. */
  moveSelection(dx: number, dy: number): void;
  setReplaceTarget(cell: WallCell | null): void;
  toggleStats(tileKey: string): void;
  /** Write what is still to be remembered now (page hidden, layout switch). */
  flush(): Promise<void>;
  /** After a failed save: try again now. */
  retrySave(): void;
  /** Whether the operator may change the wall (not a locked kiosk). */
  editable(): boolean;
}

/** How `layout` differs from the saved layouts. */
function changesOf(layout: Layout | null, layouts: Layout[]): LayoutChanges {
  if (!layout) return 'none';
  const stored = layouts.find((l) => l.id === layout.id);
  if (!stored) return 'new';
  return sameLayoutContent(stored, layout) ? 'none' : 'modified';
}

const sameDevice = (t: LayoutTile, d: TileDevice) =>
  t.deviceKey === d.deviceKey &&
  (t.sipId ?? '') === (d.sipId ?? '') &&
  (t.channelId ?? '') === (d.channelId ?? '');

/**
 * The wall: which layout is on it, its edits (with Undo), saving them into the layout when asked,
 * and remembering how the operator left it (through the core's ui memory, so a reload, a crash
 * restart or another browser-shell port shows the same wall).
 *
 * A layouts:changed from elsewhere (another window, provisioning) replaces the wall's layout only
 * while it has no edits of its own.
 */
export const useWallStore = create<WallState>()((set, get) => {
  /** Set, and keep `changes` true to the layout and the saved layouts. */
  const put = (patch: Partial<WallState>) =>
    set((s) => {
      const layout = 'layout' in patch ? (patch.layout ?? null) : s.layout;
      const layouts = patch.layouts ?? s.layouts;
      return { ...patch, changes: changesOf(layout, layouts) };
    });

  /** Show an edited layout now; `before` goes on the history under `label`. */
  const commit = (before: Layout, next: Layout, label: string, patch: Partial<WallState> = {}): number => {
    const { history, id } = recordEdit(get().history, before, label);
    put({ ...patch, layout: next, history });
    return id;
  };

  const open = (layout: Layout | null) => {
    put({
      layout,
      selectedTile: null,
      replaceTarget: null,
      statsShown: {},
      history: EMPTY_HISTORY,
      saveState: 'idle',
      saveError: null,
    });
  };

  /** A new empty layout for the selected profile (saved only when the operator names it). */
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

  /** The wall devices are put on (a new one when there is none yet), or why the wall takes none. */
  const wallToFill = ():
    | { ok: true; layout: Layout }
    | { ok: false; reason: 'loading' | 'locked' | 'no-profile'; message: string } => {
    if (get().status !== 'ready')
      return { ok: false, reason: 'loading', message: 'The wall is still loading: try again in a moment.' };
    if (!get().editable())
      return { ok: false, reason: 'locked', message: 'The wall is locked (kiosk mode).' };
    const layout = get().layout ?? fresh();
    if (!layout) return { ok: false, reason: 'no-profile', message: 'Select a connection profile first.' };
    return { ok: true, layout };
  };

  const clampTo = (grid: LayoutGrid): Partial<WallState> => ({
    selectedTile: clampCell(get().selectedTile, grid),
    selectionEnd: null,
    replaceTarget: clampCell(get().replaceTarget, grid),
  });

  /** A change of the wall's shape (preset, merge) as one edit. */
  const reshaped = (layout: Layout, outcome: Reshape, label: string, patch: Partial<WallState> = {}) => {
    const { parked: _p, areas: _a, ...rest } = layout;
    return commit(layout, { ...rest, ...outcome.layout }, label, {
      ...clampTo(outcome.layout.grid),
      ...patch,
    });
  };

  return {
    status: 'loading',
    error: null,
    layouts: [],
    layout: null,
    changes: 'none',
    selectedTile: null,
    selectionEnd: null,
    replaceTarget: null,
    settings: DEFAULT_SETTINGS,
    saveState: 'idle',
    saveError: null,
    statsShown: {},
    history: EMPTY_HISTORY,
    remembering: false,
    unlockedUntil: null,

    async load() {
      set({ status: 'loading', error: null });
      const [settings, layouts, view] = await Promise.all([
        api.settings.get(),
        api.layouts.list(),
        recallView(),
      ]);
      if (!settings.ok || !layouts.ok) {
        set({ status: 'error', error: !settings.ok ? settings.error : !layouts.ok ? layouts.error : null });
        return;
      }
      const start = startView(layouts.value, settings.value, view);
      put({
        status: 'ready',
        settings: settings.value,
        layouts: layouts.value,
        layout: start.layout,
        selectedTile: start.selected,
        statsShown: start.statsShown,
        replaceTarget: null,
        history: EMPTY_HISTORY,
        saveState: 'idle',
        saveError: null,
      });
    },

    connect() {
      const offLayouts = api.on('layouts:changed', ({ layouts }) => {
        const { layout, changes, layouts: before } = get();
        put({ layouts });
        if (!layout) return;
        const stored = layouts.find((l) => l.id === layout.id);
        if (!stored) {
          // Removed elsewhere: show what is left rather than a wall that can no longer be saved.
          if (before.some((l) => l.id === layout.id)) open(startView(layouts, get().settings, null).layout);
          return;
        }
        if (changes === 'none' && get().saveState !== 'saving' && !sameLayoutContent(stored, layout))
          put({ layout: stored, ...clampTo(stored.grid) });
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
      // An administrator's unlock (PIN) lets a locked wall be changed until it ends, as the core rules.
      let relock: ReturnType<typeof setTimeout> | undefined;
      const onKiosk = ({ unlockedUntil }: { unlockedUntil: number | null }) => {
        clearTimeout(relock);
        set({ unlockedUntil });
        if (unlockedUntil !== null && unlockedUntil > Date.now())
          relock = setTimeout(() => set({ unlockedUntil: null }), unlockedUntil - Date.now());
      };
      const offKiosk = api.on('kiosk:changed', onKiosk);
      void api.kiosk.status().then((r) => {
        if (r.ok) onKiosk(r.value);
      });
      return () => {
        offLayouts();
        offSettings();
        offKiosk();
        clearTimeout(relock);
      };
    },

    async openLayout(id) {
      if (get().layout?.id === id) return;
      const layout = get().layouts.find((l) => l.id === id);
      if (layout) open(layout);
      await get().flush();
    },

    placeDevice(device, at, options) {
      const wall = wallToFill();
      if (!wall.ok) return { ok: false, reason: wall.reason, message: wall.message, grow: null };
      const base = wall.layout;
      const target = at ?? get().replaceTarget ?? undefined;
      const cell = target && inGrid(base.grid, target) ? target : undefined;
      if (!cell) {
        // ▶ on a device the wall shows already: one camera, one tile (a drop on a cell may still add it twice).
        const there = placed(base).find((t) => sameDevice(t, device));
        if (there)
          return {
            ok: true,
            cell: { column: there.column, row: there.row },
            replaced: null,
            already: true,
            grewTo: null,
            editId: 0,
          };
      }
      const outcome = placeDeviceIn(base, device, cell, options);
      if (!outcome.ok) {
        console.warn(`[wall] ${outcome.message}`);
        return { ok: false, reason: outcome.reason, message: outcome.message, grow: outcome.grow };
      }
      const replaced = outcome.replaced;
      if (replaced && sameDevice(replaced, device))
        return { ok: true, cell: outcome.cell, replaced: null, already: true, grewTo: null, editId: 0 };
      const label = replaced
        ? `Replace ${tileName(replaced)} with ${device.deviceName}`
        : `Put ${device.deviceName} on the wall`;
      const usedTarget = !at && !!get().replaceTarget;
      const editId = commit(
        base,
        { ...base, ...outcome.layout },
        label,
        usedTarget ? { replaceTarget: null } : {},
      );
      return { ok: true, cell: outcome.cell, replaced, already: false, grewTo: outcome.grewTo, editId };
    },

    removeTile(cell) {
      const layout = get().layout;
      if (!layout || !get().editable()) return null;
      const hit = tileAt(layout, cell);
      if (!hit) return null;
      const removed = layout.tiles[hit.index];
      const replaceTarget = sameCell(get().replaceTarget, hit) ? null : get().replaceTarget;
      const editId = commit(
        layout,
        { ...layout, ...removeTileAt(layout, cell) },
        `Remove ${tileName(removed)}`,
        {
          replaceTarget,
        },
      );
      return { removed, editId };
    },

    moveTile(from, to) {
      const layout = get().layout;
      if (!layout || !get().editable()) return false;
      const moving = tileAt(layout, from);
      const moved = moveTileIn(layout, from, to);
      if (!moved || !moving) return false;
      const landed = tileAt(moved, to);
      commit(layout, { ...layout, ...moved }, `Move ${tileName(moving)}`, {
        selectedTile: landed ? { column: landed.column, row: landed.row } : to,
        replaceTarget: null,
      });
      return true;
    },

    previewGrid(grid) {
      const layout = get().layout;
      return layout ? resizeGrid(layout, grid).parked : [];
    },

    setGrid(grid) {
      if (!get().editable()) return null;
      const layout = get().layout ?? fresh(grid);
      if (!layout) return null;
      const resized = resizeGrid(layout, grid);
      const { columns, rows } = resized.layout.grid;
      if (get().layout && columns === layout.grid.columns && rows === layout.grid.rows) return resized;
      // The resize decides the parked tiles: none left means none kept.
      const { parked: _parked, ...rest } = layout;
      commit(
        layout,
        { ...rest, ...resized.layout },
        `Grid ${columns} × ${rows}`,
        clampTo(resized.layout.grid),
      );
      return resized;
    },

    setTileSpan(cell, span) {
      const layout = get().layout;
      if (!layout || !get().editable()) return false;
      const hit = tileAt(layout, cell);
      const next = setTileSpan(layout, cell, span);
      if (!hit || !next) return false;
      commit(
        layout,
        { ...layout, ...next },
        `Size of ${tileName(hit)}: ${span.columnSpan} × ${span.rowSpan}`,
        {
          selectedTile: { column: hit.column, row: hit.row },
        },
      );
      return true;
    },

    updateTile(cell, patch) {
      const layout = get().layout;
      if (!layout || !get().editable()) return false;
      const base = pinned(layout);
      const hit = tileAt(base, cell);
      if (!hit) return false;
      const before = base.tiles[hit.index];
      const after = patchTile(before, patch);
      if (sameTileSettings(before, after)) return false;
      const tiles = base.tiles.map((t, i) => (i === hit.index ? after : t));
      commit(layout, { ...layout, ...base, tiles }, `Settings of ${tileName(before)}`, {
        selectedTile: { column: hit.column, row: hit.row },
      });
      return true;
    },

    previewPreset(preset) {
      const layout = get().layout;
      return layout ? reshapeLayout(layout, preset.grid, preset.areas).parked : [];
    },

    applyPreset(preset) {
      if (!get().editable()) return null;
      const layout = get().layout ?? fresh(preset.grid);
      if (!layout) return null;
      const outcome = reshapeLayout(layout, preset.grid, preset.areas);
      reshaped(layout, outcome, `Layout ${preset.name}`);
      return outcome;
    },

    selectionRect() {
      const { layout, selectedTile, selectionEnd } = get();
      if (!layout || !selectedTile || !selectionEnd) return null;
      return selectionRect(layout, selectedTile, selectionEnd);
    },

    extendSelection(dx, dy) {
      const { layout, selectedTile, selectionEnd } = get();
      if (!layout || !selectedTile) return;
      const from = selectionEnd ?? selectedTile;
      const column = Math.max(1, Math.min(layout.grid.columns, from.column + dx));
      const row = Math.max(1, Math.min(layout.grid.rows, from.row + dy));
      get().selectRange({ column, row });
    },

    selectRange(to) {
      const { layout, selectedTile } = get();
      if (!layout || !to || !inGrid(layout.grid, to)) return set({ selectionEnd: null });
      if (!selectedTile) return get().selectTile(to);
      set({ selectionEnd: sameCell(to, selectedTile) ? null : to });
    },

    mergeSelection() {
      const { layout, selectedTile, selectionEnd } = get();
      if (!layout || !selectedTile || !selectionEnd || !get().editable()) return null;
      const outcome = mergeCells(layout, selectedTile, selectionEnd);
      if (!outcome) return null;
      const rect = selectionRect(layout, selectedTile, selectionEnd);
      const editId = reshaped(layout, outcome, `Merge ${rect.columnSpan} × ${rect.rowSpan} cells`, {
        selectedTile: { column: rect.column, row: rect.row },
        selectionEnd: null,
      });
      return { ...outcome, editId };
    },

    splitTile(cell) {
      const layout = get().layout;
      if (!layout || !get().editable()) return false;
      const next = splitArea(layout, cell);
      if (!next) return false;
      const { areas: _a, ...rest } = layout;
      const hit = tileAt(layout, cell);
      commit(
        layout,
        { ...rest, ...next },
        hit ? `Split ${tileName(layout.tiles[hit.index])}` : 'Split cells',
        {
          selectionEnd: null,
        },
      );
      return true;
    },

    placeDevices(devices) {
      const result = { placed: [], alreadyOn: [], noRoom: [], editId: 0 } as PutManyResult & {
        editId: number;
      };
      if (devices.length === 0) return result;
      const wall = wallToFill();
      if (!wall.ok) return Object.assign(result, { noRoom: [...devices], refused: wall.message });
      const start = wall.layout;
      let next: LayoutShape = pinned(start);
      for (const device of devices) {
        if (placed(next).some((t) => sameDevice(t, device))) {
          result.alreadyOn.push(device);
          result.placed.push(device);
          continue;
        }
        // No cell given: the first free one, never a tile that plays; a full wall is refused.
        const outcome = placeDeviceIn(next, device);
        if (!outcome.ok) {
          result.noRoom.push(device);
          continue;
        }
        next = outcome.layout;
        result.placed.push(device);
      }
      const added = result.placed.length - result.alreadyOn.length;
      if (added > 0) {
        const { areas: _a, parked: _p, ...rest } = start;
        result.editId = commit(
          start,
          { ...rest, ...next },
          `Put ${added} device${added === 1 ? '' : 's'} on the wall`,
        );
      }
      return result;
    },

    forgetParked() {
      const layout = get().layout;
      if (!layout?.parked?.length || !get().editable()) return;
      const { parked, ...rest } = layout;
      commit(layout, rest, `Forget ${parked.length} parked camera${parked.length === 1 ? '' : 's'}`);
    },

    async saveLayout() {
      const { layout, changes } = get();
      if (!layout || !get().editable()) return { ok: false, message: 'Nothing to save.' };
      if (changes === 'new') return { ok: false, message: 'Give the layout a name first (Save as…).' };
      if (changes === 'none') return { ok: true };
      set({ saveState: 'saving', saveError: null });
      const result = await api.layouts.save(layout);
      if (!result.ok) {
        console.warn(`[wall] the layout could not be saved: ${result.error.message}`);
        set({ saveState: 'failed', saveError: result.error.message });
        return { ok: false, message: result.error.message };
      }
      put({ saveState: 'idle', layouts: upsert(get().layouts, result.value) });
      return { ok: true };
    },

    revert() {
      const layout = get().layout;
      const stored = layout && get().layouts.find((l) => l.id === layout.id);
      if (!layout || !stored || get().changes !== 'modified') return;
      commit(layout, stored, 'Revert to the saved layout', {
        ...clampTo(stored.grid),
        saveState: 'idle',
        saveError: null,
      });
    },

    async saveAs(name) {
      const trimmed = name.trim();
      if (!trimmed) return { ok: false, message: 'Give the layout a name.' };
      // One name, one view: the picker and the Views dialog tell views apart by name.
      const clash = get().layouts.find((l) => l.name.trim().toLowerCase() === trimmed.toLowerCase());
      if (clash) return { ok: false, message: `Another view is already called "${clash.name}".` };
      const base = get().layout ?? fresh();
      if (!base) return { ok: false, message: 'Select a connection profile first.' };
      const id = uniqueLayoutId(
        trimmed,
        get().layouts.map((l) => l.id),
      );
      const copy: Layout = { ...base, id, name: trimmed.slice(0, 100) };
      const result = await api.layouts.save(copy);
      if (!result.ok) return { ok: false, message: result.error.message };
      const { statsShown, selectedTile } = get();
      put({ layouts: upsert(get().layouts, result.value) });
      open(result.value);
      // The same wall under a new name: the operator's view of it stays.
      set({ statsShown, selectedTile });
      return { ok: true, id: result.value.id };
    },

    async removeLayout(id) {
      if (!get().editable()) return { ok: false, message: 'The wall is locked (kiosk mode).' };
      const result = await api.layouts.remove({ id });
      if (!result.ok) return { ok: false, message: result.error.message };
      const layouts = get().layouts.filter((l) => l.id !== id);
      put({ layouts });
      if (get().layout?.id === id) open(layouts[0] ?? null);
      return { ok: true };
    },

    renamed(id, name) {
      const { layout } = get();
      if (layout?.id === id && layout.name !== name) put({ layout: { ...layout, name } });
    },

    undo(editId) {
      const { history, layout } = get();
      if (!layout || !get().editable()) return false;
      if (editId !== undefined && history.past.at(-1)?.id !== editId) return false;
      const step = undoEdit(history, layout);
      if (!step) return false;
      put({ layout: step.layout, history: step.history, ...clampTo(step.layout.grid), replaceTarget: null });
      return true;
    },

    redo() {
      const { history, layout } = get();
      if (!layout || !get().editable()) return false;
      const step = redoEdit(history, layout);
      if (!step) return false;
      put({ layout: step.layout, history: step.history, ...clampTo(step.layout.grid), replaceTarget: null });
      return true;
    },

    selectTile(cell) {
      const layout = get().layout;
      if (!cell || !layout) return set({ selectedTile: null, selectionEnd: null });
      const hit = tileAt(layout, cell);
      const slot = slotAt(layout, cell);
      const next = hit ? { column: hit.column, row: hit.row } : { column: slot.column, row: slot.row };
      // The selected cell again (its focus, a click on it) keeps a selection of several cells.
      if (!sameCell(next, get().selectedTile)) set({ selectedTile: next, selectionEnd: null });
    },

    moveSelection(dx, dy) {
      const layout = get().layout;
      if (!layout) return;
      const from = get().selectedTile ?? { column: 1, row: 1 };
      set({
        selectedTile: get().selectedTile ? stepSelection(layout, from, dx, dy) : from,
        selectionEnd: null,
      });
    },

    setReplaceTarget(cell) {
      const layout = get().layout;
      if (!cell || !layout || !get().editable()) return set({ replaceTarget: null });
      const hit = tileAt(layout, cell);
      set({ replaceTarget: hit ? { column: hit.column, row: hit.row } : null });
    },

    toggleStats(tileKey) {
      set((s) => ({
        statsShown: { ...s.statsShown, [tileKey]: !(s.statsShown[tileKey] ?? s.settings.statsOverlay) },
      }));
    },

    flush: () => memory.flush(),

    retrySave() {
      if (get().saveState !== 'failed') return;
      void get().saveLayout();
    },

    editable() {
      // As the core rules: locked refuses every change, kiosk mode on or not, unless an administrator
      // unlocked it with the PIN (for a while).
      const { settings, unlockedUntil } = get();
      return !settings.kiosk.locked || (unlockedUntil !== null && unlockedUntil > Date.now());
    },
  };
});

const memory = createViewMemory((pending) => {
  if (useWallStore.getState().remembering !== pending) useWallStore.setState({ remembering: pending });
});

const viewOf = (s: WallState): WallView => ({
  layoutId: s.layout?.id ?? null,
  draft: s.changes === 'none' ? null : s.layout,
  draftOfSaved: s.changes === 'modified',
  selected: s.selectedTile,
  statsShown: s.statsShown,
});

// Whatever changes how the wall looks is remembered (the first showing after a load included, so a
// layout taken over from an earlier version's storage is kept); the catalog hears which devices are
// on the wall (parked ones are not).
useWallStore.subscribe((s, prev) => {
  if (s.layout?.tiles !== prev.layout?.tiles || s.layout?.grid !== prev.layout?.grid)
    useOnWallKeys.getState().setKeys(s.layout ? placed(s.layout).map((t) => t.deviceKey) : []);
  if (s.status !== 'ready') return;
  if (
    prev.status === 'ready' &&
    s.layout === prev.layout &&
    s.changes === prev.changes &&
    s.selectedTile === prev.selectedTile &&
    s.statsShown === prev.statsShown
  )
    return;
  memory.remember(viewOf(s));
});

function upsert(layouts: Layout[], layout: Layout): Layout[] {
  const at = layouts.findIndex((l) => l.id === layout.id);
  if (at === -1) return [...layouts, layout];
  return layouts.map((l, i) => (i === at ? layout : l));
}

function clampCell(cell: WallCell | null, grid: LayoutGrid): WallCell | null {
  return cell && inGrid(grid, cell) ? cell : null;
}

/** "Wall", "Wall 2", …: a name no saved layout has (compared as saveAs does: case and spaces aside). */
function nextWallName(layouts: Layout[]): string {
  const names = new Set(layouts.map((l) => l.name.trim().toLowerCase()));
  if (!names.has('wall')) return 'Wall';
  for (let n = 2; ; n++) if (!names.has(`wall ${n}`)) return `Wall ${n}`;
}
