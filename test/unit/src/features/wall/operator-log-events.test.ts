import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../../../electron/shared/layout';
import { OperatorEventInputSchema } from '../../../../../electron/shared/contract';
import {
  changeText,
  layoutChanges,
  rateReason,
  toInput,
} from '../../../../../src/features/wall/operator-log-events';

const layout = (id: string, tiles: Layout['tiles']): Layout => ({
  id,
  name: `View ${id}`,
  profileId: 'p',
  grid: { columns: 2, rows: 2 },
  tiles,
});
const keysOf = (tiles: { deviceKey: string }[]) => tiles.map((t) => t.deviceKey);

describe('layoutChanges (assigned and cleared, for the operator log)', () => {
  const a = { deviceKey: 'a', column: 1, row: 1 };
  const b = { deviceKey: 'b', column: 2, row: 1 };
  const c = { deviceKey: 'c', column: 1, row: 2 };

  it('a device put on the wall is assigned; one taken off is cleared', () => {
    const before = layout('v', [a, b]);
    const after = layout('v', [a, c]);
    const { assigned, cleared } = layoutChanges(before, after);
    expect(keysOf(assigned)).toEqual(['c']);
    expect(keysOf(cleared)).toEqual(['b']);
    expect(assigned[0]).toMatchObject({ column: 1, row: 2 });
  });

  it('a swap or a move is neither; a second tile of the same device is', () => {
    const swapped = layoutChanges(
      layout('v', [a, b]),
      layout('v', [
        { ...a, column: 2 },
        { ...b, column: 1 },
      ]),
    );
    expect(swapped).toEqual({ assigned: [], cleared: [], changed: [] });
    const twice = layoutChanges(layout('v', [a]), layout('v', [a, { ...a, column: 2 }]));
    expect(keysOf(twice.assigned)).toEqual(['a']);
  });

  it('another view opened is not a change of this one; the first devices of an empty wall are assigned', () => {
    expect(layoutChanges(layout('v', [a]), layout('w', [c]))).toEqual({
      assigned: [],
      cleared: [],
      changed: [],
    });
    expect(keysOf(layoutChanges(null, layout('v', [a, b])).assigned)).toEqual(['a', 'b']);
    expect(keysOf(layoutChanges(layout('v', [a]), null).cleared)).toEqual(['a']);
  });
});

describe('a channel or caption changed in place (one event, no removal)', () => {
  const nvr = { deviceKey: 'k', column: 1, row: 1, label: 'NVR 1', channelId: '1' };

  it('the same device in the same cell on another channel is one change, not cleared + assigned', () => {
    const before = layout('v', [nvr]);
    const after = layout('v', [{ ...nvr, channelId: '2', label: 'Gate North' }]);
    const { assigned, cleared, changed } = layoutChanges(before, after);
    expect(assigned).toEqual([]);
    expect(cleared).toEqual([]);
    expect(changed).toHaveLength(1);
    expect(changeText(changed[0], after)).toBe(
      'channel 1 → 2, caption “NVR 1” → “Gate North” on column 1, row 1 of "View v" (2×2)',
    );
  });

  it('a caption alone is one change; another device in the cell is still cleared and assigned', () => {
    const renamed = layoutChanges(layout('v', [nvr]), layout('v', [{ ...nvr, label: 'Gate North' }]));
    expect(renamed.changed.map((c) => c.after.label)).toEqual(['Gate North']);
    expect(renamed.assigned).toEqual([]);
    const other = layoutChanges(layout('v', [nvr]), layout('v', [{ ...nvr, deviceKey: 'other' }]));
    expect(keysOf(other.cleared)).toEqual(['k']);
    expect(keysOf(other.assigned)).toEqual(['other']);
    expect(other.changed).toEqual([]);
  });
});

describe('what the core is sent', () => {
  it('cuts long text to the contract’s bounds, so one event cannot sink its batch', () => {
    const input = toInput({ at: 1.6, kind: 'failed', deviceKey: 'k', reason: 'x'.repeat(2_000) });
    expect(OperatorEventInputSchema.safeParse(input).success).toBe(true);
    expect(input.reason).toHaveLength(500);
    expect(input.at).toBe(2);
    expect(toInput({ at: 5, kind: 'tour-switch' })).toEqual({ at: 5, kind: 'tour-switch' });
  });

  it('says why a tile went to overview pictures, and when it came back', () => {
    expect(rateReason({ rate: 'overview', reason: 'load', detail: '12 % of frames dropped' })).toBe(
      'overview pictures (keyframes only): the computer is overloaded — 12 % of frames dropped',
    );
    expect(rateReason({ rate: 'overview', reason: 'pinned', detail: null })).toBe(
      'overview pictures (keyframes only): pinned by the operator',
    );
    expect(rateReason({ rate: 'full', reason: null, detail: null })).toBe('full rate again');
  });
});
