import { create } from 'zustand';
import type { NoticeItem } from '../lib/notice';

/**
 * What a notice says holds only while `holds()` does ("the wall is full… Make it 3 × 2"): it is
 * checked whenever `subscribe`'s listener is called (the wall changed), and the notice goes away, its
 * button with it, as soon as it no longer holds. `subscribe` returns the unsubscribe.
 */
export interface NoticeCondition {
  holds(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface NoticesState {
  notices: NoticeItem[];

  /**
   * Show a toast; information fades after a while, warnings and errors stay until dismissed, or until
   * `validWhile` no longer holds. `at` defaults to now; a notice raised elsewhere (the core) brings its own.
   */
  notify(
    notice: Omit<NoticeItem, 'id' | 'at'> & { id?: string; at?: number; validWhile?: NoticeCondition },
  ): void;
  dismiss(id: string): void;
}

const MAX_NOTICES = 4;
const INFO_MS = 5000;
/** Information with an action (Undo) stays longer: the operator has to read it and reach the button. */
const ACTION_MS = 15_000;
let counter = 0;
/** The unsubscribe of each shown notice's condition, by notice id. */
const watches = new Map<string, () => void>();

function unwatch(id: string): void {
  watches.get(id)?.();
  watches.delete(id);
}

/**
 * The toasts every part of the renderer may post: `useNoticesStore.getState().notify({...})`.
 * The shell shows them in its notice bar.
 */
export const useNoticesStore = create<NoticesState>()((set, get) => ({
  notices: [],

  notify({ validWhile, ...notice }) {
    const id = notice.id ?? `n${++counter}`;
    unwatch(id);
    if (validWhile && !validWhile.holds()) {
      get().dismiss(id);
      return;
    }
    const action = notice.action;
    const item: NoticeItem = {
      id,
      level: notice.level,
      message: notice.message,
      at: notice.at ?? Date.now(),
      // Its button does what it said only while the notice still holds.
      ...(action && {
        action: validWhile ? { label: action.label, run: () => validWhile.holds() && action.run() } : action,
      }),
    };
    set((s) => {
      const notices = [...s.notices.filter((n) => n.id !== id), item];
      for (const gone of notices.slice(0, -MAX_NOTICES)) unwatch(gone.id);
      return { notices: notices.slice(-MAX_NOTICES) };
    });
    if (validWhile) {
      const stop = validWhile.subscribe(() => {
        if (!validWhile.holds() && get().notices.includes(item)) get().dismiss(id);
      });
      watches.set(id, stop);
    }
    // A later notice with the same id replaces this one and brings its own timer.
    if (item.level === 'info')
      setTimeout(
        () => {
          if (get().notices.includes(item)) get().dismiss(id);
        },
        item.action ? ACTION_MS : INFO_MS,
      );
  },
  dismiss: (id) => {
    unwatch(id);
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
}));
