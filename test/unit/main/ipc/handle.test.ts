import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSender, invokeEvent } from './fake-sender';

const electron = vi.hoisted(() => {
  const ipcMain = {
    handle: vi.fn(),
    handleOnce: vi.fn(),
    on: vi.fn(),
    once: vi.fn(),
    removeHandler: vi.fn(),
  };
  return { ipcMain };
});
vi.mock('electron', () => ({ ...electron, default: electron }));

import { handle, registerAll } from '../../../../electron/main/ipc/handle';
import { TrustedSenders } from '../../../../electron/main/ipc/trusted-senders';
import { isAppUrl } from '../../../../electron/main/app/app-origin';
import { CHANNELS, type Channel } from '../../../../electron/shared/contract';
import type { CoreHandlers } from '../../../../electron/core/run-handler';

type IpcHandler = (event: unknown, input?: unknown) => Promise<unknown>;

/** Handlers that record their calls; `profiles:remove` answers with an extra field. */
function fakeHandlers() {
  const handlers = Object.fromEntries(
    CHANNELS.map((channel) => [channel, vi.fn(async () => ({ removed: true }))]),
  ) as unknown as Record<Channel, ReturnType<typeof vi.fn>>;
  handlers['profiles:remove'].mockImplementation(async () => ({ removed: true, authSecret: 'leak-me' }));
  handlers['layouts:list'].mockImplementation(async () => []);
  return handlers;
}

function registered(channel: Channel): IpcHandler {
  const call = electron.ipcMain.handle.mock.calls.find(([name]) => name === channel);
  if (!call) throw new Error(`${channel} was not registered`);
  return call[1] as IpcHandler;
}

let trusted: TrustedSenders;
let handlers: ReturnType<typeof fakeHandlers>;
const win = fakeSender(1);

beforeEach(() => {
  vi.clearAllMocks();
  trusted = new TrustedSenders(isAppUrl);
  trusted.add(win as never);
  handlers = fakeHandlers();
  registerAll({ handlers: handlers as unknown as CoreHandlers }, trusted);
});

describe('registerAll', () => {
  it('registers every contract channel exactly once, through ipcMain.handle only', () => {
    const names = electron.ipcMain.handle.mock.calls.map(([name]) => name as string);
    expect(names.sort()).toEqual([...CHANNELS].sort());
    expect(electron.ipcMain.handleOnce).not.toHaveBeenCalled();
    expect(electron.ipcMain.on).not.toHaveBeenCalled();
    expect(electron.ipcMain.once).not.toHaveBeenCalled();
  });
});

describe('handle', () => {
  it('passes valid input from the trusted main frame to the handler and returns its value', async () => {
    const result = await registered('profiles:remove')(invokeEvent(win), { id: 'north' });
    expect(handlers['profiles:remove']).toHaveBeenCalledWith({ id: 'north' });
    // The output is parsed with the contract: the undeclared field is stripped.
    expect(result).toEqual({ ok: true, value: { removed: true } });
  });

  it('accepts a call without input on a channel that takes none', async () => {
    expect(await registered('layouts:list')(invokeEvent(win))).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['another webContents', () => invokeEvent(fakeSender(2))],
    ['a recreated webContents with a trusted id', () => invokeEvent(fakeSender(1))],
    ['a subframe of the trusted window', () => invokeEvent(win, win.subframe())],
    ['a frame on another origin', () => invokeEvent(win, { ...win.mainFrame, url: 'https://evil.example/' })],
    ['a frame of another process', () => invokeEvent(win, { ...win.mainFrame, processId: 99 })],
    ['a frame that is gone', () => invokeEvent(win, null)],
  ])('refuses %s without calling the handler', async (_name, event) => {
    const result = await registered('profiles:remove')(event(), { id: 'north' });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: expect.any(String), code: 'shell.windowNotAllowed' },
    });
    expect(handlers['profiles:remove']).not.toHaveBeenCalled();
  });

  it('refuses a window after it was destroyed', async () => {
    const short = fakeSender(3);
    trusted.add(short as never);
    expect(await registered('layouts:list')(invokeEvent(short))).toMatchObject({ ok: true });
    short.destroy();
    expect(await registered('layouts:list')(invokeEvent(short))).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
  });

  it.each([
    ['no input', undefined],
    ['a wrong type', { id: 42 }],
    ['an empty id', { id: '' }],
    ['a string', 'north'],
  ])('answers invalid-input for %s and never calls the handler', async (_name, input) => {
    const result = await registered('profiles:remove')(invokeEvent(win), input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect((result as { error: { details?: unknown[] } }).error.details?.length).toBeGreaterThan(0);
    expect(handlers['profiles:remove']).not.toHaveBeenCalled();
  });

  it('turns a thrown error into a typed result instead of a rejection', async () => {
    handlers['layouts:list'].mockRejectedValueOnce(new Error('disk on fire'));
    const result = await registered('layouts:list')(invokeEvent(win));
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('registers a single channel with its own handler', async () => {
    vi.clearAllMocks();
    const handler = vi.fn(async () => ({ removed: false }));
    handle('layouts:remove', handler, trusted);
    expect(electron.ipcMain.handle).toHaveBeenCalledTimes(1);
    expect(await registered('layouts:remove')(invokeEvent(win), { id: 'x' })).toEqual({
      ok: true,
      value: { removed: false },
    });
  });
});
