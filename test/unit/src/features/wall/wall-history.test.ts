import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../../../electron/shared/layout';
import {
  EMPTY_HISTORY,
  HISTORY_LIMIT,
  recordEdit,
  redoEdit,
  undoEdit,
} from '../../../../../src/features/wall/wall-history';

const layout = (n: number): Layout => ({
  id: 'w',
  name: 'W',
  profileId: 'p',
  grid: { columns: n, rows: 1 },
  tiles: [],
});

describe('wall history', () => {
  it('undoes and redoes edits in order, and a new edit ends what could be redone', () => {
    let h = recordEdit(EMPTY_HISTORY, layout(1), 'one').history;
    h = recordEdit(h, layout(2), 'two').history;
    const back = undoEdit(h, layout(3))!;
    expect(back.layout.grid.columns).toBe(2);
    const back2 = undoEdit(back.history, back.layout)!;
    expect(back2.layout.grid.columns).toBe(1);
    expect(undoEdit(back2.history, back2.layout)).toBeNull();
    const forward = redoEdit(back2.history, back2.layout)!;
    expect(forward.layout.grid.columns).toBe(2);
    expect(forward.history.past.map((e) => e.label)).toEqual(['one']);
    const fresh = recordEdit(forward.history, forward.layout, 'three').history;
    expect(fresh.future).toEqual([]);
    expect(redoEdit(fresh, layout(9))).toBeNull();
  });

  it('keeps a bounded number of steps, the newest', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) h = recordEdit(h, layout(1), `edit ${i}`).history;
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past.at(-1)?.label).toBe(`edit ${HISTORY_LIMIT + 9}`);
  });

  it('gives every edit its own id', () => {
    const a = recordEdit(EMPTY_HISTORY, layout(1), 'a');
    const b = recordEdit(a.history, layout(1), 'b');
    expect(b.id).not.toBe(a.id);
    expect(b.history.past.map((e) => e.id)).toEqual([a.id, b.id]);
  });
});
