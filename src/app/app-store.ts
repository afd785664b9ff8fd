import { create } from 'zustand';
import type { NoticeItem } from '../components/notice-bar';

export type AppDialog = 'settings' | 'profiles' | null;

export interface AppState {
  /** The side panel (archive templates) beside the wall. */
  panelOpen: boolean;
  catalogCollapsed: boolean;
  /** Width of the catalog column in CSS pixels (the operator drags or arrows the divider). */
  catalogWidth: number;
  dialog: AppDialog;
  notices: NoticeItem[];

  openPanel(): void;
  closePanel(): void;
  togglePanel(): void;
  toggleCatalog(): void;
  setCatalogWidth(width: number): void;
  openDialog(dialog: Exclude<AppDialog, null>): void;
  closeDialog(): void;
  /** Show a toast; information fades after a while, warnings and errors stay until dismissed. */
  /** `at` defaults to now; a notice raised elsewhere (the core) brings its own. */
  notify(notice: Omit<NoticeItem, 'id' | 'at'> & { id?: string; at?: number }): void;
  dismiss(id: string): void;
}

const MAX_NOTICES = 4;
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
const INFO_MS = 5000;
let counter = 0;

/**
 * The shell's own state: which panel and dialog are open, and the toasts.
 *
 * Other features open the panel or post a toast through it: `useAppStore.getState().notify({...})`.
 */
export const useAppStore = create<AppState>()((set, get) => ({
  panelOpen: false,
  catalogCollapsed: false,
  catalogWidth: storedWidth(),
  dialog: null,
  notices: [],

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

  notify(notice) {
    const id = notice.id ?? `n${++counter}`;
    const item: NoticeItem = {
      id,
      level: notice.level,
      message: notice.message,
      at: notice.at ?? Date.now(),
    };
    set((s) => ({ notices: [...s.notices.filter((n) => n.id !== id), item].slice(-MAX_NOTICES) }));
    // A later notice with the same id replaces this one and brings its own timer.
    if (item.level === 'info')
      setTimeout(() => {
        if (get().notices.includes(item)) get().dismiss(id);
      }, INFO_MS);
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));
