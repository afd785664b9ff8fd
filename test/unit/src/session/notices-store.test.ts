import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNoticesStore } from '../../../../src/session/notices-store';

const store = () => useNoticesStore.getState();

describe('notices store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNoticesStore.setState({ notices: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('lets information fade and keeps warnings until dismissed', () => {
    store().notify({ level: 'info', message: 'Put on the wall' });
    store().notify({ level: 'warning', message: 'Weak storage' });
    expect(store().notices.map((n) => n.message)).toEqual(['Put on the wall', 'Weak storage']);
    vi.advanceTimersByTime(6000);
    expect(store().notices.map((n) => n.message)).toEqual(['Weak storage']);
    store().dismiss(store().notices[0].id);
    expect(store().notices).toEqual([]);
  });

  it('shows at most four notices, newest last, and replaces one with the same id', () => {
    for (let i = 1; i <= 6; i++) store().notify({ level: 'warning', message: `n${i}` });
    expect(store().notices.map((n) => n.message)).toEqual(['n3', 'n4', 'n5', 'n6']);
    store().notify({ id: 'x', level: 'error', message: 'first' });
    store().notify({ id: 'x', level: 'error', message: 'again' });
    expect(
      store()
        .notices.filter((n) => n.id === 'x')
        .map((n) => n.message),
    ).toEqual(['again']);
  });

  it('stamps a notice with when it happened, keeping the time of one raised elsewhere', () => {
    vi.setSystemTime(new Date('2026-11-24T03:05:00Z'));
    store().notify({ level: 'warning', message: 'raised here' });
    store().notify({ level: 'error', message: 'raised by the core', at: Date.parse('2026-11-23T22:40:00Z') });
    expect(store().notices.map((n) => new Date(n.at).toISOString())).toEqual([
      '2026-11-24T03:05:00.000Z',
      '2026-11-23T22:40:00.000Z',
    ]);
  });

  it('gives a replacing notice its own full time on screen', () => {
    store().notify({ id: 'wall', level: 'info', message: 'first' });
    vi.advanceTimersByTime(4000);
    store().notify({ id: 'wall', level: 'info', message: 'second' });
    vi.advanceTimersByTime(2000);
    expect(store().notices.map((n) => n.message)).toEqual(['second']);
    vi.advanceTimersByTime(3500);
    expect(store().notices).toEqual([]);
  });
});

describe('a notice that no longer holds goes away', () => {
  beforeEach(() => useNoticesStore.setState({ notices: [] }));

  /** A stand-in for the wall's store: a grid size and its listeners. */
  const wall = () => {
    const listeners = new Set<() => void>();
    const state = { columns: 2, rows: 2 };
    return {
      state,
      resize(columns: number, rows: number) {
        Object.assign(state, { columns, rows });
        for (const l of listeners) l();
      },
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      listeners,
    };
  };

  it('“The wall is full… Make it 3 × 2” leaves when the grid changes, and its button does nothing meanwhile', () => {
    const w = wall();
    let grown = 0;
    store().notify({
      id: 'wall',
      level: 'warning',
      message: 'The wall is full (2×2).',
      action: { label: 'Make it 3 × 2', run: () => (grown += 1) },
      validWhile: { holds: () => w.state.columns === 2 && w.state.rows === 2, subscribe: w.subscribe },
    });
    const shown = store().notices[0];
    expect(shown.message).toBe('The wall is full (2×2).');
    w.resize(3, 3);
    expect(store().notices).toEqual([]);
    shown.action?.run();
    expect(grown).toBe(0);
    // Nothing left listening to the wall.
    expect(w.listeners.size).toBe(0);
  });

  it('stays while it holds, and stops listening once dismissed or replaced', () => {
    const w = wall();
    const validWhile = { holds: () => w.state.columns === 2, subscribe: w.subscribe };
    store().notify({ id: 'wall', level: 'warning', message: 'a', validWhile });
    w.resize(2, 3);
    expect(store().notices.map((n) => n.message)).toEqual(['a']);
    store().notify({ id: 'wall', level: 'warning', message: 'b', validWhile });
    expect(w.listeners.size).toBe(1);
    store().dismiss('wall');
    expect(w.listeners.size).toBe(0);
  });

  it('is not shown at all when it no longer holds as it is raised', () => {
    store().notify({
      level: 'warning',
      message: 'stale',
      validWhile: { holds: () => false, subscribe: () => () => undefined },
    });
    expect(store().notices).toEqual([]);
  });
});
