import { vi } from 'vitest';

export interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
  parent: FakeFrame | null;
}

/** A stand-in for a window's WebContents as IPC sees it: id, main frame, URL, lifecycle. */
export function fakeSender(id: number, url = 'app://wall/index.html') {
  const mainFrame: FakeFrame = { url, processId: 10 + id, routingId: 1, parent: null };
  const onDestroyed: Array<() => void> = [];
  let destroyed = false;
  return {
    id,
    mainFrame,
    send: vi.fn(),
    getURL: () => mainFrame.url,
    isDestroyed: () => destroyed,
    once: vi.fn((event: string, listener: () => void) => {
      if (event === 'destroyed') onDestroyed.push(listener);
    }),
    destroy() {
      destroyed = true;
      for (const listener of onDestroyed) listener();
    },
    /** An iframe inside this page. */
    subframe(frameUrl = url): FakeFrame {
      return { url: frameUrl, processId: mainFrame.processId, routingId: 2, parent: mainFrame };
    },
  };
}

export type FakeSender = ReturnType<typeof fakeSender>;

/** The event ipcMain.handle gives a handler. */
export function invokeEvent(sender: FakeSender, frame: FakeFrame | null = sender.mainFrame) {
  return { sender, senderFrame: frame } as never;
}
