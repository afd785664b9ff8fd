import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * A stand-in for a BrowserWindow and its webContents, built on Node's EventEmitter (Electron's own
 * base), so listeners are really added and removed and a test fires events the way Electron does.
 */
export function fakeWindow() {
  const contents = Object.assign(new EventEmitter(), {
    reload: vi.fn(),
    forcefullyCrashRenderer: vi.fn(),
  });
  let destroyed = false;
  let visible = false;
  let minimized = false;
  const window = Object.assign(new EventEmitter(), {
    webContents: contents,
    isDestroyed: () => destroyed,
    isVisible: () => visible,
    isMinimized: () => minimized,
    /** What Electron does when the window is shown, minimised, restored, hidden or closed. */
    show() {
      visible = true;
      window.emit('show');
    },
    hide() {
      visible = false;
      window.emit('hide');
    },
    minimize() {
      minimized = true;
      window.emit('minimize');
    },
    restore() {
      minimized = false;
      window.emit('restore');
    },
    close() {
      destroyed = true;
      window.emit('closed');
    },
  });
  return window;
}
export type FakeWindow = ReturnType<typeof fakeWindow>;
