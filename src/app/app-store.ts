import { create } from 'zustand';

export type AppDialog = 'settings' | 'profiles' | null;

export interface AppState {
  /** The side panel (archive templates) beside the wall. */
  panelOpen: boolean;
  catalogCollapsed: boolean;
  /** Width of the catalog column in CSS pixels (the operator drags or arrows the divider). */
  catalogWidth: number;
  dialog: AppDialog;

  openPanel(): void;
  closePanel(): void;
  togglePanel(): void;
  toggleCatalog(): void;
  setCatalogWidth(width: number): void;
  openDialog(dialog: Exclude<AppDialog, null>): void;
  closeDialog(): void;
}

export const CATALOG_WIDTH = { min: 360, max: 1000, initial: 640 };
const WIDTH_KEY = 'app.catalogWidth';

const clampWidth = (w: number) => Math.round(Math.min(CATALOG_WIDTH.max, Math.max(CATALOG_WIDTH.min, w)));

/** The remembered width, or 640 px (at most 45% of a small window). */
function storedWidth(): number {
  const fallback =
    typeof window === 'undefined'
      ? CATALOG_WIDTH.initial
      : clampWidth(Math.min(CATALOG_WIDTH.initial, window.innerWidth * 0.45));
  try {
    const v = Number(globalThis.localStorage?.getItem(WIDTH_KEY));
    return Number.isFinite(v) && v > 0 ? clampWidth(v) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The shell's own state: which panel and dialog are open, and how the catalog column is shown.
 *
 * Only the shell (src/app) reads it; a feature that wants a dialog opened takes a callback from the
 * shell, and toasts go through the session's notices store.
 */
export const useAppStore = create<AppState>()((set) => ({
  panelOpen: false,
  catalogCollapsed: false,
  catalogWidth: storedWidth(),
  dialog: null,

  openPanel: () => set({ panelOpen: true }),
  closePanel: () => set({ panelOpen: false }),
  togglePanel: () => set((s) => ({ panelOpen: !s.panelOpen })),
  toggleCatalog: () => set((s) => ({ catalogCollapsed: !s.catalogCollapsed })),
  setCatalogWidth(width) {
    const w = clampWidth(width);
    set({ catalogWidth: w });
    try {
      globalThis.localStorage?.setItem(WIDTH_KEY, String(w));
    } catch {
      // Storage blocked: the width just is not remembered.
    }
  },
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
}));
