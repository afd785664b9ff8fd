import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** A stand-in for Electron's WebContents that records listeners so a test can fire the events. */
export function fakeWebContents(id = 1) {
  const listeners = new Map<string, Listener[]>();
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  return {
    id,
    on: vi.fn((event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    }),
    setWindowOpenHandler: vi.fn((handler: (details: { url: string }) => { action: string }) => {
      windowOpenHandler = handler;
    }),
    /** Fire `event` like Electron does; returns whether a listener prevented the default. */
    emitPreventable(event: string, url?: string): boolean {
      let prevented = false;
      const electronEvent = { url, preventDefault: () => (prevented = true) };
      for (const listener of listeners.get(event) ?? []) listener(electronEvent, url);
      return prevented;
    },
    openWindow(url: string) {
      if (!windowOpenHandler) throw new Error('no window open handler set');
      return windowOpenHandler({ url });
    },
    listenerCount: (event: string) => (listeners.get(event) ?? []).length,
  };
}
