import type { AppError } from '../../../electron/shared/contract';
import type { Layout, LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import type { PutManyResult } from '../../session/put-many-on-wall';
import type { WallDevice } from '../../session/wall-device';
import type { GridResize } from './grid-resize';
import type { Reshape } from './layout-areas';
import type { LayoutPreset } from './layout-presets';
import type { Slot, TileDevice, WallCell } from './layout-edit';
import type { TileSpan } from './tile-span';
import type { WallHistory } from './wall-history';
import type { KeptEdit } from './wall-view';

/** What a tile's settings editor may change. */
export type TilePatch = Partial<Pick<LayoutTile, 'sipId' | 'channelId' | 'transport' | 'fit' | 'label'>>;

type WallStatus = 'loading' | 'ready' | 'error';
/** An explicit save of the layout into its saved copy. */
type SaveState = 'idle' | 'saving' | 'failed';
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
  saveState: SaveState;
  saveError: string | null;
  /** Per-tile stats overlay choice (by tile key); a tile without one follows settings.statsOverlay. */
  statsShown: Record<string, boolean>;
  history: WallHistory;
  /** The wall's state (layout, edits, focus) is still to be written to the core's ui memory. */
  remembering: boolean;
  /**
   * Unsaved edits the wall did not show as it opened (a locked kiosk opens on its view as saved),
   * kept aside with the wall's memory until they are opened again (kept-edits.ts).
   */
  kept: KeptEdit[];

  /**
   * Wait for the mirror's settings and layouts (read again if they could not be), recall how the wall
   * was left, and show it (kiosk, last used, or the first).
   */
  load(): Promise<void>;
  /** Follow the mirror's layouts, settings and kiosk lock; returns the unsubscribe. */
  connect(): () => void;
  /** Show another layout; unsaved edits of the current one are dropped (the toolbar asks first). */
  openLayout(id: string): Promise<void>;
  /**
   * Show a layout as opening one does (no history, no selection; unsaved edits of the one shown
   * dropped), saved or not, whatever the kiosk lock: what the control room tells a screen to show.
   */
  showLayout(layout: Layout | null): void;
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
  /** Put the last kept edit back on the wall (as an unsaved edit); false on a locked wall or with none. */
  openKept(): boolean;
  /** After a failed save: try again now. */
  retrySave(): void;
  /** Whether the operator may change the wall (not a locked kiosk). */
  editable(): boolean;
}
