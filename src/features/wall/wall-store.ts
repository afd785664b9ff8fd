import { create } from 'zustand';
import { editableNow } from '../../../electron/shared/kiosk-rule';
import type { Layout, LayoutGrid } from '../../../electron/shared/layout';
import type { Settings } from '../../../electron/shared/settings';
import {
  retryCoreMirror,
  selectKioskLock,
  selectLayouts,
  selectSettings,
  useCoreMirror,
  whenMirror,
} from '../../session/core-mirror';
import { useOnWallKeys } from '../../session/on-wall-keys';
import { resizeGrid } from './grid-resize';
import { mergeCells, reshapeLayout, selectionRect, splitArea, type Reshape } from './layout-areas';
import {
  inGrid,
  moveTile as moveTileIn,
  patchTile,
  pinned,
  removeTileAt,
  sameCell,
  sameTileSettings,
  tileAt,
} from './layout-edit';
import { tileName } from './tile-name';
import { setTileSpan } from './tile-span';
import { changesOf, newWall, placeAll, placeOne } from './wall-edits';
import { cellToSelect, clampSelection, extendedCorner, movedSelection, rangeEnd } from './wall-selection';
import { EMPTY_HISTORY, recordEdit, redoEdit, undoEdit } from './wall-history';
import { rememberWall } from './wall-memory';
import { removeLayout, saveLayout, saveLayoutAs, type WallAccess } from './wall-saving';
import type { WallState } from './wall-state';
import { draftSetAside, keepAside, keptEditsTaken, offerKeptEdits } from './kept-edits';
import { startView } from './start-view';
import { followMirror } from './wall-follow';
import { createViewMemory, recallView } from './wall-view';
import { editLabel, wallRefusal } from './wall-words';

export type { Reshape } from './layout-areas';
export type { PlaceResult, TilePatch, WallState } from './wall-state';

/** The saved layouts, as the core's mirror holds them. */
const layoutsNow = (): Layout[] => selectLayouts(useCoreMirror.getState());
/** The settings, as the core's mirror holds them. */
const settingsNow = (): Settings => selectSettings(useCoreMirror.getState());

/**
 * The wall: which layout is on it, its edits (with Undo), saving them into the layout when asked,
 * and remembering how the operator left it (through the core's ui memory, so a reload, a crash
 * restart or another browser-shell port shows the same wall).
 *
 * It keeps only the wall's own state (the layout on it as a draft, its history, the selection); the
 * saved layouts, the settings and the kiosk lock are the core's, read from its mirror
 * (`useCoreMirror`). A change of the saved layouts from elsewhere (another window, provisioning)
 * replaces the wall's layout only while it has no edits of its own.
 */
export const useWallStore = create<WallState>()((set, get) => {
  /** Set, and keep `changes` true to the layout and the saved layouts. */
  const put = (patch: Partial<WallState>) =>
    set((s) => {
      const layout = 'layout' in patch ? (patch.layout ?? null) : s.layout;
      return { ...patch, changes: changesOf(layout, layoutsNow()) };
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
      selectionEnd: null,
      replaceTarget: null,
      statsShown: {},
      history: EMPTY_HISTORY,
      saveState: 'idle',
      saveError: null,
    });
  };

  /** A new empty layout for the selected profile (saved only when the operator names it). */
  const fresh = (grid?: LayoutGrid): Layout | null => {
    const profileId = settingsNow().selectedProfileId;
    return profileId ? newWall(profileId, layoutsNow(), grid) : null;
  };

  /** The wall devices are put on (a new one when there is none yet), or why the wall takes none. */
  const wallToFill = ():
    | { ok: true; layout: Layout }
    | { ok: false; reason: 'loading' | 'locked' | 'no-profile'; message: string } => {
    if (get().status !== 'ready') return { ok: false, reason: 'loading', message: wallRefusal.loading() };
    if (!get().editable()) return { ok: false, reason: 'locked', message: wallRefusal.locked() };
    const layout = get().layout ?? fresh();
    if (!layout) return { ok: false, reason: 'no-profile', message: wallRefusal.noProfile() };
    return { ok: true, layout };
  };

  const clampTo = (grid: LayoutGrid): Partial<WallState> =>
    clampSelection(get().selectedTile, get().replaceTarget, grid);

  /** A change of the wall's shape (preset, merge) as one edit. */
  const reshaped = (layout: Layout, outcome: Reshape, label: string, patch: Partial<WallState> = {}) => {
    const { parked: _p, areas: _a, ...rest } = layout;
    return commit(layout, { ...rest, ...outcome.layout }, label, {
      ...clampTo(outcome.layout.grid),
      ...patch,
    });
  };

  const access: WallAccess = {
    get,
    set: (patch) => set(patch),
    put,
    open,
    fresh: () => fresh(),
    layouts: layoutsNow,
  };

  return {
    status: 'loading',
    error: null,
    layout: null,
    changes: 'none',
    selectedTile: null,
    selectionEnd: null,
    replaceTarget: null,
    saveState: 'idle',
    saveError: null,
    statsShown: {},
    history: EMPTY_HISTORY,
    remembering: false,
    kept: [],

    async load() {
      // Until the composition root starts it (idempotent): what the wall shows from here is remembered.
      startWallMemory();
      set({ status: 'loading', error: null });
      // The settings and layouts are the mirror's: what it could not read is read again (a retry),
      // what it holds is not.
      const [, view] = await Promise.all([retryCoreMirror(), recallView()]);
      const mirrored = await whenMirror(
        (m) => (m.settings !== null && m.layouts !== null) || !!m.errors.settings || !!m.errors.layouts,
      );
      const { settings, layouts } = mirrored;
      if (!settings || !layouts) {
        set({ status: 'error', error: mirrored.errors.settings ?? mirrored.errors.layouts ?? null });
        return;
      }
      const start = startView(layouts, settings, view, get().editable());
      // A remembered edit the wall does not show is kept aside, never dropped without a word.
      const aside = draftSetAside(view, start.layout, layouts);
      const kept = aside ? keepAside(view?.kept ?? [], aside, Date.now()) : (view?.kept ?? []);
      put({
        kept,
        status: 'ready',
        layout: start.layout,
        selectedTile: start.selected,
        statsShown: start.statsShown,
        replaceTarget: null,
        history: EMPTY_HISTORY,
        saveState: 'idle',
        saveError: null,
      });
      offerKeptEdits(kept, get().editable(), () => void get().openKept());
    },

    connect() {
      return followMirror({
        ...access,
        settings: settingsNow,
        clampTo,
        // The lock changed or an unlock ran out: whatever asks `editable()` asks again.
        relocked: () => set({}),
        becameEditable: () => offerKeptEdits(get().kept, true, () => void get().openKept()),
      });
    },

    showLayout(layout) {
      open(layout);
    },

    async openLayout(id) {
      if (get().layout?.id === id) return;
      const layout = layoutsNow().find((l) => l.id === id);
      if (layout) open(layout);
      await get().flush();
    },

    placeDevice(device, at, options) {
      const wall = wallToFill();
      if (!wall.ok) return { ok: false, reason: wall.reason, message: wall.message, grow: null };
      const base = wall.layout;
      const target = at ?? get().replaceTarget ?? undefined;
      const cell = target && inGrid(base.grid, target) ? target : undefined;
      const { edit, answer } = placeOne(base, device, cell, options);
      if (!edit) return answer;
      const usedTarget = !at && !!get().replaceTarget;
      const patch = usedTarget ? { replaceTarget: null } : {};
      return { ...answer, editId: commit(base, edit.next, edit.label, patch) };
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
        editLabel.remove(tileName(removed)),
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
      commit(layout, { ...layout, ...moved }, editLabel.move(tileName(moving)), {
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
        editLabel.grid({ columns, rows }),
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
      commit(layout, { ...layout, ...next }, editLabel.size(tileName(hit), span.columnSpan, span.rowSpan), {
        selectedTile: { column: hit.column, row: hit.row },
      });
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
      commit(layout, { ...layout, ...base, tiles }, editLabel.settings(tileName(before)), {
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
      reshaped(layout, outcome, editLabel.layout(preset.name));
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
      get().selectRange(extendedCorner(layout.grid, selectionEnd ?? selectedTile, dx, dy));
    },

    selectRange(to) {
      const { layout, selectedTile } = get();
      if (!layout || !to || !inGrid(layout.grid, to)) return set({ selectionEnd: null });
      if (!selectedTile) return get().selectTile(to);
      set({ selectionEnd: rangeEnd(selectedTile, to) });
    },

    mergeSelection() {
      const { layout, selectedTile, selectionEnd } = get();
      if (!layout || !selectedTile || !selectionEnd || !get().editable()) return null;
      const outcome = mergeCells(layout, selectedTile, selectionEnd);
      if (!outcome) return null;
      const rect = selectionRect(layout, selectedTile, selectionEnd);
      const editId = reshaped(layout, outcome, editLabel.merge(rect.columnSpan, rect.rowSpan), {
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
      const label = editLabel.split(hit ? tileName(layout.tiles[hit.index]) : null);
      commit(layout, { ...rest, ...next }, label, { selectionEnd: null });
      return true;
    },

    placeDevices(devices) {
      if (devices.length === 0) return { placed: [], alreadyOn: [], noRoom: [], editId: 0 };
      const wall = wallToFill();
      if (!wall.ok)
        return { placed: [], alreadyOn: [], noRoom: [...devices], editId: 0, refused: wall.message };
      const start = wall.layout;
      const { result, next, added } = placeAll(start, devices);
      if (added === 0) return { ...result, editId: 0 };
      const { areas: _a, parked: _p, ...rest } = start;
      const label = editLabel.putMany(added);
      return { ...result, editId: commit(start, { ...rest, ...next }, label) };
    },

    forgetParked() {
      const layout = get().layout;
      if (!layout?.parked?.length || !get().editable()) return;
      const { parked, ...rest } = layout;
      commit(layout, rest, editLabel.forgetParked(parked.length));
    },

    saveLayout: () => saveLayout(access),
    saveAs: (name) => saveLayoutAs(access, name),
    removeLayout: (id) => removeLayout(access, id),

    revert() {
      const layout = get().layout;
      const stored = layout && layoutsNow().find((l) => l.id === layout.id);
      if (!layout || !stored || get().changes !== 'modified') return;
      commit(layout, stored, editLabel.revert(), {
        ...clampTo(stored.grid),
        saveState: 'idle',
        saveError: null,
      });
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
      const next = cellToSelect(layout, cell);
      // The selected cell again (its focus, a click on it) keeps a selection of several cells.
      if (!sameCell(next, get().selectedTile)) set({ selectedTile: next, selectionEnd: null });
    },

    moveSelection(dx, dy) {
      const layout = get().layout;
      if (!layout) return;
      set(movedSelection(layout, get().selectedTile, dx, dy));
    },

    setReplaceTarget(cell) {
      const layout = get().layout;
      if (!cell || !layout || !get().editable()) return set({ replaceTarget: null });
      const hit = tileAt(layout, cell);
      set({ replaceTarget: hit ? { column: hit.column, row: hit.row } : null });
    },

    toggleStats(tileKey) {
      set((s) => ({
        statsShown: { ...s.statsShown, [tileKey]: !(s.statsShown[tileKey] ?? settingsNow().statsOverlay) },
      }));
    },

    flush: () => viewMemory().flush(),

    openKept() {
      const last = get().kept.at(-1);
      if (!last || !get().editable()) return false;
      open(last.draft);
      put({ kept: get().kept.slice(0, -1) });
      keptEditsTaken();
      if (get().kept.length) offerKeptEdits(get().kept, true, () => void get().openKept());
      return true;
    },

    retrySave() {
      if (get().saveState !== 'failed') return;
      void get().saveLayout();
    },

    editable() {
      // As the core rules (the one rule, electron/shared): locked refuses every change, kiosk mode on
      // or not, unless an administrator unlocked it with the PIN (for a while).
      return editableNow(selectKioskLock(useCoreMirror.getState()), Date.now());
    },
  };
});

let memory: ReturnType<typeof createViewMemory> | null = null;

/** The wall's ui memory, made when first used (it reads this window's address): nothing at import. */
function viewMemory(): ReturnType<typeof createViewMemory> {
  memory ??= createViewMemory(
    (pending) => {
      if (useWallStore.getState().remembering !== pending) useWallStore.setState({ remembering: pending });
    },
    () => useWallStore.getState().kept,
  );
  return memory;
}

let stopMemory: (() => void) | null = null;

/**
 * Remember how the wall looks (the core's ui memory) and tell the catalog which devices are on it,
 * from now on (wall-memory.ts). Once; returns the stop. The composition root calls it; the wall's
 * first `load()` starts it otherwise.
 */
export function startWallMemory(): () => void {
  stopMemory ??= rememberWall(
    useWallStore,
    (view) => viewMemory().remember(view),
    (keys) => useOnWallKeys.getState().setKeys(keys),
  );
  return () => {
    stopMemory?.();
    stopMemory = null;
  };
}
