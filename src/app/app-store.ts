import { create } from 'zustand';
import { api } from '../lib/bridge';

export type AppDialog = 'settings' | 'profiles' | null;

/**
 * Where the templates panel goes: beside the wall (the catalog folds when the wall would get too
 * narrow, and comes back when the panel closes), or over the wall's right side (nothing moves).
 */
export type PanelPlacement = 'beside' | 'over';

export interface AppState {
  /** The remembered shell state has been read (or given up on): until then the shell waits. */
  hydrated: boolean;
  /** The side panel (archive templates) beside the wall. */
  panelOpen: boolean;
  panelPlacement: PanelPlacement;
  /** The operator folded the catalog. */
  catalogCollapsed: boolean;
  /** The catalog is folded for the open panel only; it comes back when the panel closes. */
  catalogAutoFolded: boolean;
  /** Width of the catalog column in CSS pixels (the operator drags or arrows the divider). */
  catalogWidth: number;
  dialog: AppDialog;
  /** The part of the dialog to show first (a section of Settings: "legend"). */
  dialogSection: string | null;

  /** Read what the shell remembered (catalog folded or not, its width, the panel): once, at start. */
  hydrate(): Promise<void>;
  openPanel(): void;
  closePanel(): void;
  togglePanel(): void;
  setPanelPlacement(placement: PanelPlacement): void;
  toggleCatalog(): void;
  setCatalogWidth(width: number): void;
  openDialog(dialog: Exclude<AppDialog, null>, section?: string): void;
  closeDialog(): void;
}

export const CATALOG_WIDTH = { min: 320, max: 1000, initial: 640 };
/** The wall keeps at least this much beside an open catalog, however wide it is dragged. */
export const MIN_WALL_PX = 560;
/** Beside an open templates panel the wall keeps at least this share of the window. */
export const MIN_WALL_SHARE = 0.6;
/** The shell's remembered state, in the core's ui store (kept with the data folder, not per origin). */
export const SHELL_UI_KEY = 'shell.layout';
const HYDRATE_TIMEOUT_MS = 1500;
const SAVE_DELAY_MS = 300;
/** Widths the grid gives the collapsed catalog and the divider (shell.css). */
const COLLAPSED_CATALOG_PX = 45;
const RESIZER_PX = 6;

const windowWidth = () => (typeof window === 'undefined' ? 1920 : window.innerWidth);

/** The widest the catalog may be in a window this wide: the wall keeps MIN_WALL_PX. */
export function catalogMaxWidth(viewportWidth: number): number {
  return Math.max(CATALOG_WIDTH.min, Math.min(CATALOG_WIDTH.max, viewportWidth - MIN_WALL_PX));
}

export function clampCatalogWidth(width: number, viewportWidth = windowWidth()): number {
  return Math.round(Math.min(catalogMaxWidth(viewportWidth), Math.max(CATALOG_WIDTH.min, width)));
}

/** The templates panel's width in a window this wide: clamp(360px, 30vw, 540px), as in shell.css. */
export function panelWidth(viewportWidth: number): number {
  return Math.min(540, Math.max(360, viewportWidth * 0.3));
}

/**
 * Whether an open catalog must fold for the templates panel beside the wall: it would leave the wall
 * less than MIN_WALL_SHARE of the window (at 1366 px a 4 × 4 wall fell to 335 px, 80 px tiles).
 */
export function panelFoldsCatalog(viewportWidth: number, catalogWidth: number): boolean {
  const wall = viewportWidth - catalogWidth - RESIZER_PX - panelWidth(viewportWidth);
  return wall < viewportWidth * MIN_WALL_SHARE;
}

/** The wall's width with the panel beside it and the catalog folded (for the e2e tests' bound). */
export function wallWidthWithPanel(viewportWidth: number): number {
  return viewportWidth - COLLAPSED_CATALOG_PX - panelWidth(viewportWidth);
}

interface ShellMemory {
  catalogCollapsed: boolean;
  catalogWidth: number;
  panelOpen: boolean;
  panelPlacement: PanelPlacement;
}

/** A remembered value as far as it is usable; anything else is the default. */
function readMemory(value: unknown): Partial<ShellMemory> {
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  return {
    ...(typeof v.catalogCollapsed === 'boolean' && { catalogCollapsed: v.catalogCollapsed }),
    ...(typeof v.catalogWidth === 'number' &&
      Number.isFinite(v.catalogWidth) && { catalogWidth: clampCatalogWidth(v.catalogWidth) }),
    ...(typeof v.panelOpen === 'boolean' && { panelOpen: v.panelOpen }),
    ...((v.panelPlacement === 'beside' || v.panelPlacement === 'over') && {
      panelPlacement: v.panelPlacement,
    }),
  };
}

const LEGACY_WIDTH_KEY = 'app.catalogWidth';

function takeLegacyWidth(): number | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LEGACY_WIDTH_KEY);
    if (stored === null || stored === undefined) return undefined;
    globalThis.localStorage.removeItem(LEGACY_WIDTH_KEY);
    const width = Number(stored);
    return Number.isFinite(width) && width > 0 ? clampCatalogWidth(width) : undefined;
  } catch {
    return undefined;
  }
}

/** The default width: 640 px, at most 45 % of a small window. */
const initialWidth = () => clampCatalogWidth(Math.min(CATALOG_WIDTH.initial, windowWidth() * 0.45));

/**
 * The shell's own state: which panel and dialog are open, and how the catalog column is shown.
 *
 * What the operator arranged (catalog folded, its width, the templates panel and where it goes) is
 * remembered through the core's ui store, so a reload (after a crash, in the small hours) brings the
 * screen back as it was left: a folded catalog does not reopen over an unattended wall. Only the
 * shell (src/app) reads this store; a feature that wants a dialog takes a callback from the shell.
 */
export const useAppStore = create<AppState>()((set, get) => {
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let hydrating: Promise<void> | undefined;

  const save = () => {
    if (!get().hydrated) return;
    clearTimeout(saveTimer);
    // A drag of the divider is many widths a second: the last one is what counts.
    saveTimer = setTimeout(() => {
      const { catalogCollapsed, catalogWidth, panelOpen, panelPlacement } = get();
      const memory: ShellMemory = { catalogCollapsed, catalogWidth, panelOpen, panelPlacement };
      // Not saved (the service is away, a locked store): the screen works, it is just not remembered.
      void api.ui.set({ key: SHELL_UI_KEY, value: memory }).catch(() => undefined);
    }, SAVE_DELAY_MS);
  };

  /** Fold the catalog for the panel when the wall would get too narrow beside both. */
  const autoFold = (
    s: Pick<AppState, 'panelOpen' | 'panelPlacement' | 'catalogCollapsed' | 'catalogWidth'>,
  ) =>
    s.panelOpen &&
    s.panelPlacement === 'beside' &&
    !s.catalogCollapsed &&
    panelFoldsCatalog(windowWidth(), s.catalogWidth);

  return {
    hydrated: false,
    panelOpen: false,
    panelPlacement: 'beside',
    catalogCollapsed: false,
    catalogAutoFolded: false,
    catalogWidth: initialWidth(),
    dialog: null,
    dialogSection: null,

    hydrate() {
      hydrating ??= (async () => {
        const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), HYDRATE_TIMEOUT_MS));
        const answer = await Promise.race([api.ui.get({ key: SHELL_UI_KEY }).catch(() => null), timeout]);
        const memory = answer?.ok ? readMemory(answer.value.value) : {};
        // A width an earlier version kept in this page's localStorage (per browser-shell port) is
        // taken up once, then lives in the core.
        const legacy = takeLegacyWidth();
        if (memory.catalogWidth === undefined && legacy !== undefined) memory.catalogWidth = legacy;
        const next = { ...get(), ...memory };
        set({ ...memory, catalogAutoFolded: autoFold(next), hydrated: true });
        if (legacy !== undefined) save();
      })();
      return hydrating;
    },

    openPanel() {
      if (get().panelOpen) return;
      set((s) => ({ panelOpen: true, catalogAutoFolded: autoFold({ ...s, panelOpen: true }) }));
      save();
    },
    closePanel() {
      if (!get().panelOpen) return;
      set({ panelOpen: false, catalogAutoFolded: false });
      save();
    },
    togglePanel() {
      if (get().panelOpen) get().closePanel();
      else get().openPanel();
    },
    setPanelPlacement(panelPlacement) {
      set((s) => ({ panelPlacement, catalogAutoFolded: autoFold({ ...s, panelPlacement }) }));
      save();
    },
    toggleCatalog() {
      const { catalogCollapsed, catalogAutoFolded } = get();
      // Folded either way, it opens: the operator asked for it, panel or not.
      if (catalogCollapsed || catalogAutoFolded) set({ catalogCollapsed: false, catalogAutoFolded: false });
      else set({ catalogCollapsed: true });
      save();
    },
    setCatalogWidth(width) {
      const w = clampCatalogWidth(width);
      if (w === get().catalogWidth) return;
      set({ catalogWidth: w });
      save();
    },
    openDialog: (dialog, section) => set({ dialog, dialogSection: section ?? null }),
    closeDialog: () => set({ dialog: null, dialogSection: null }),
  };
});

/** Whether the catalog shows folded now (by the operator, or for the panel). */
export const selectCatalogFolded = (s: Pick<AppState, 'catalogCollapsed' | 'catalogAutoFolded'>) =>
  s.catalogCollapsed || s.catalogAutoFolded;
