import type { Layout } from '../../../electron/shared/layout';

/** One step back (or forward): the layout as it was, and what the edit did, in an operator's words. */
interface HistoryEntry {
  id: number;
  /** "Replace Gate 3 with Lobby 1", "Grid 3 × 2": shown as "Undo: …". */
  label: string;
  layout: Layout;
}

export interface WallHistory {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

/** A small bounded history: enough to take back a burst of mistakes, never a growing heap on a wall that runs for weeks. */
export const HISTORY_LIMIT = 30;

export const EMPTY_HISTORY: WallHistory = { past: [], future: [] };

let lastId = 0;

/** Record an edit: `before` is the layout it changed. A new edit ends what could be redone. */
export function recordEdit(
  history: WallHistory,
  before: Layout,
  label: string,
): { history: WallHistory; id: number } {
  const id = ++lastId;
  return {
    history: { past: [...history.past, { id, label, layout: before }].slice(-HISTORY_LIMIT), future: [] },
    id,
  };
}

/** Take the last entry of `from` (the layout to show) and put `current` on `to` in its place. */
function shift(
  from: HistoryEntry[],
  to: HistoryEntry[],
  current: Layout,
): { from: HistoryEntry[]; to: HistoryEntry[]; layout: Layout } | null {
  const last = from.at(-1);
  if (!last) return null;
  return {
    layout: last.layout,
    from: from.slice(0, -1),
    to: [...to, { id: last.id, label: last.label, layout: current }].slice(-HISTORY_LIMIT),
  };
}

/** Step back from `current`: the layout to show, and the history after it (null when there is nothing). */
export function undoEdit(
  history: WallHistory,
  current: Layout,
): { history: WallHistory; layout: Layout } | null {
  const step = shift(history.past, history.future, current);
  return step && { layout: step.layout, history: { past: step.from, future: step.to } };
}

/** Step forward again after an undo. */
export function redoEdit(
  history: WallHistory,
  current: Layout,
): { history: WallHistory; layout: Layout } | null {
  const step = shift(history.future, history.past, current);
  return step && { layout: step.layout, history: { past: step.to, future: step.from } };
}
