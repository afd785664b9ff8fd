import { describe, expect, it } from 'vitest';
import { nextChoice, type ChoiceEvent } from '../../../../../src/features/profiles/profile-choice';

/** Play events from an active profile; return what was applied, in order, and what is left pending. */
function play(active: string, events: ChoiceEvent[]) {
  let pending: string | null = null;
  const applied: string[] = [];
  let current = active;
  for (const event of events) {
    const step = nextChoice(current, pending, event);
    pending = step.pending;
    if (step.commit !== undefined) {
      applied.push(step.commit);
      current = step.commit;
    }
  }
  return { applied, pending, shown: pending ?? current };
}
const arrow = (value: string): ChoiceEvent => ({ type: 'changed', value, byKeys: true });

describe('the profile select', () => {
  it('arrowing through profiles switches nothing; Enter switches once, to the last one shown', () => {
    const moved = play('a', [arrow('b'), arrow('c'), arrow('d')]);
    expect(moved).toEqual({ applied: [], pending: 'd', shown: 'd' });
    expect(play('a', [arrow('b'), arrow('c'), arrow('d'), { type: 'enter' }]).applied).toEqual(['d']);
  });

  it('leaving the select applies what it shows; Escape puts the active one back', () => {
    expect(play('a', [arrow('b'), { type: 'blur' }]).applied).toEqual(['b']);
    expect(play('a', [arrow('b'), arrow('c'), { type: 'escape' }, { type: 'blur' }])).toEqual({
      applied: [],
      pending: null,
      shown: 'a',
    });
  });

  it('arrowing back to the active profile leaves nothing to apply', () => {
    expect(play('a', [arrow('b'), arrow('a'), { type: 'enter' }]).applied).toEqual([]);
  });

  it('a mouse choice applies at once', () => {
    expect(play('a', [{ type: 'changed', value: 'c', byKeys: false }]).applied).toEqual(['c']);
    expect(play('a', [{ type: 'changed', value: 'a', byKeys: false }]).applied).toEqual([]);
  });
});
