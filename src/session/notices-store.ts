import { create } from 'zustand';
import type { NoticeItem } from '../components/notice-bar';

export interface NoticesState {
  notices: NoticeItem[];

  /**
   * Show a toast; information fades after a while, warnings and errors stay until dismissed.
   * `at` defaults to now; a notice raised elsewhere (the core) brings its own.
   */
  notify(notice: Omit<NoticeItem, 'id' | 'at'> & { id?: string; at?: number }): void;
  dismiss(id: string): void;
}

const MAX_NOTICES = 4;
const INFO_MS = 5000;
/** Information with an action (Undo) stays longer: the operator has to read it and reach the button. */
const ACTION_MS = 15_000;
let counter = 0;

/**
 * The toasts every part of the renderer may post: `useNoticesStore.getState().notify({...})`.
 * The shell shows them in its notice bar.
 */
export const useNoticesStore = create<NoticesState>()((set, get) => ({
  notices: [],

  notify(notice) {
    const id = notice.id ?? `n${++counter}`;
    const item: NoticeItem = {
      id,
      level: notice.level,
      message: notice.message,
      at: notice.at ?? Date.now(),
      ...(notice.action && { action: notice.action }),
    };
    set((s) => ({ notices: [...s.notices.filter((n) => n.id !== id), item].slice(-MAX_NOTICES) }));
    // A later notice with the same id replaces this one and brings its own timer.
    if (item.level === 'info')
      setTimeout(
        () => {
          if (get().notices.includes(item)) get().dismiss(id);
        },
        item.action ? ACTION_MS : INFO_MS,
      );
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));
