import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepDisplayAwake } from '../../../../electron/main/app/display-awake';
import { fakeWindow, type FakeWindow } from './fake-window';

let window: FakeWindow;
let held: Set<number>;
const blocker = {
  start: vi.fn((type: string) => {
    expect(type).toBe('prevent-display-sleep');
    const id = held.size + 100;
    held.add(id);
    return id;
  }),
  stop: vi.fn((id: number) => {
    expect(held.has(id)).toBe(true);
    return held.delete(id);
  }),
};

beforeEach(() => {
  window = fakeWindow();
  held = new Set();
  blocker.start.mockClear();
  blocker.stop.mockClear();
});

describe('keepDisplayAwake', () => {
  it('holds the display awake while the wall is on screen, once, whatever the events', () => {
    keepDisplayAwake(window as never, blocker);
    expect(held.size).toBe(0); // created hidden
    window.show();
    window.show();
    window.restore();
    expect(held.size).toBe(1);
    expect(blocker.start).toHaveBeenCalledTimes(1);
  });

  it('lets the display sleep while the wall is minimised or hidden, and holds it again when back', () => {
    keepDisplayAwake(window as never, blocker);
    window.show();
    window.minimize();
    expect(held.size).toBe(0);
    window.restore();
    expect(held.size).toBe(1);
    window.hide();
    expect(held.size).toBe(0);
    window.show();
    expect(held.size).toBe(1);
  });

  it('holds at once for a window that is already on screen', () => {
    window.show();
    keepDisplayAwake(window as never, blocker);
    expect(held.size).toBe(1);
  });

  it('releases the display when the window closes, and stops listening', () => {
    keepDisplayAwake(window as never, blocker);
    window.show();
    window.close();
    expect(held.size).toBe(0);
    for (const event of ['show', 'restore', 'hide', 'minimize']) expect(window.listenerCount(event)).toBe(0);
  });
});
