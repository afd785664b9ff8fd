import { beforeAll, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const ipcRenderer = {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener);
    }),
    send: vi.fn(),
    sendSync: vi.fn(),
  };
  const exposed = new Map<string, unknown>();
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, value: unknown) => exposed.set(key, value)),
  };
  /** Deliver a message from main like Electron does: (IpcRendererEvent, payload). */
  const deliver = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? [])
      listener({ sender: ipcRenderer, senderId: 0 }, payload);
  };
  return { ipcRenderer, contextBridge, exposed, deliver, listeners };
});
vi.mock('electron', () => ({ ...electron, default: electron }));

import { apiChannels, channels, EVENT_NAMES, type Api } from '../../../electron/shared/contract';

let api: Api;

beforeAll(async () => {
  await import('../../../electron/preload/index');
  api = electron.exposed.get('wallApi') as Api;
});

/** `group.method` for every method of an object like the Api. */
function methodNames(value: object): string[] {
  return Object.entries(value).flatMap(([group, methods]) =>
    typeof methods === 'function' ? [group] : Object.keys(methods as object).map((m) => `${group}.${m}`),
  );
}

describe('preload', () => {
  it('exposes one object, wallApi, and nothing else', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect([...electron.exposed.keys()]).toEqual(['wallApi']);
  });

  it('exposes exactly the contract’s methods plus on(): no ipcRenderer, no generic invoke', () => {
    const expected = [...methodNames(apiChannels), 'on'].sort();
    expect(methodNames(api).sort()).toEqual(expected);
    const flat = Object.values(api).flatMap((v) =>
      typeof v === 'function' ? [v] : Object.values(v as object),
    );
    expect(flat.every((v) => typeof v === 'function')).toBe(true);
    expect(flat).not.toContain(electron.ipcRenderer);
    for (const forbidden of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'require'])
      expect(api).not.toHaveProperty(forbidden);
  });

  it('has each method invoke its own channel with the given input', async () => {
    for (const [group, methods] of Object.entries(apiChannels)) {
      for (const [method, channel] of Object.entries(methods)) {
        electron.ipcRenderer.invoke.mockClear();
        const input = { probe: `${group}.${method}` };
        const fn = (api as unknown as Record<string, Record<string, (i?: unknown) => Promise<unknown>>>)[
          group
        ][method];
        const result = await fn(input);
        expect(electron.ipcRenderer.invoke, `${group}.${method}`).toHaveBeenCalledTimes(1);
        const [calledChannel, calledInput] = electron.ipcRenderer.invoke.mock.calls[0];
        expect(calledChannel, `${group}.${method}`).toBe(channel);
        // Channels that take no input send none, whatever the page passes; the others pass it on.
        const takesNothing = channels[channel].input.def.type === 'undefined';
        expect(calledInput, `${group}.${method}`).toEqual(takesNothing ? undefined : input);
        expect(result).toEqual({ ok: true, value: { channel, input: calledInput } });
      }
    }
  });

  it('passes only the payload to an event listener, and unsubscribes', () => {
    const listener = vi.fn();
    const stop = api.on('app:notice', listener);
    const notice = { id: 'n1', level: 'info', source: 'test', message: 'hello', at: 1 };
    electron.deliver('app:notice', notice);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([notice]);
    stop();
    electron.deliver('app:notice', notice);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(electron.listeners.get('app:notice')?.size ?? 0).toBe(0);
  });

  it('lets a page listen to every contract event and to nothing else', () => {
    for (const event of EVENT_NAMES) api.on(event, () => {})();
    for (const channel of [
      'profiles:list',
      'electron-store-get-data',
      'ELECTRON_BROWSER_WINDOW_ALERT',
      '__proto__',
    ])
      expect(() => api.on(channel as never, () => {}), channel).toThrow(/Unknown event/);
  });
});
