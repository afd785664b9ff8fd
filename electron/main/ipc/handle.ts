import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type Channel, type ChannelOutput, type Result } from '../../shared/contract';
import type { Core } from '../../core/core';
import { createLogger } from '../../core/logger';
import { runHandler, type CoreHandlers } from '../../core/run-handler';
import type { TrustedSenders } from './trusted-senders';

const log = createLogger('ipc');

/** The answer to a sender that is not one of our windows: no detail, and the handler never runs. */
const REFUSED = {
  ok: false,
  error: {
    kind: 'forbidden',
    message: 'This window is not allowed to call the app.',
    code: 'shell.windowNotAllowed',
  },
} as const satisfies Result<never>;

/**
 * Register one channel: the only place in the app that calls ipcMain.
 *
 * Every call is checked in this order: the sender is the main frame of a trusted window showing our
 * page (else REFUSED); the input validates against the contract (else `invalid-input`, and the
 * handler is not called); the handler runs; its output is parsed against the contract (which strips
 * undeclared fields); any failure comes back as a typed Result, never as a rejected promise.
 */
export function handle<C extends Channel>(
  channel: C,
  handler: CoreHandlers[C],
  trusted: TrustedSenders,
): void {
  // runHandler looks up handlers[channel] only: a one-entry table keeps validation in one place.
  const table = { [channel]: handler } as unknown as CoreHandlers;
  ipcMain.handle(
    channel,
    async (event: IpcMainInvokeEvent, input: unknown): Promise<Result<ChannelOutput<C>>> => {
      if (!trusted.allows(event)) {
        log.warn(`${channel} refused: the sender is not a trusted window`, { senderId: event.sender.id });
        return REFUSED;
      }
      return runHandler(table, channel, input, log);
    },
  );
}

/** Register every channel of the contract, each through handle(). */
export function registerAll(core: Pick<Core, 'handlers'>, trusted: TrustedSenders): void {
  for (const channel of CHANNELS) handle(channel, core.handlers[channel], trusted);
}

/**
 * Drop IPC listeners that libraries registered on their own.
 *
 * electron-store answers a synchronous 'electron-store-get-data' message (the userData path and app
 * version) for stores created in a renderer. The app has none, and its page cannot send IPC at all,
 * but the main process should answer the contract's channels and nothing else. Call after the
 * stores exist (createCore opens them); electron-store registers its listener once per process.
 */
export function removeLibraryListeners(): void {
  ipcMain.removeAllListeners('electron-store-get-data');
}
