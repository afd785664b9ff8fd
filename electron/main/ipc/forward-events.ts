import { events } from '../../shared/contract';
import type { Core } from '../../core/core';
import { createLogger } from '../../core/logger';
import type { TrustedSenders } from './trusted-senders';

const log = createLogger('ipc');

/**
 * Push the core's events (`profiles:changed`, `app:notice`, …) to the app's own windows only.
 *
 * Each payload is parsed with the contract's event schema first, like a channel's output: anything
 * undeclared is stripped, and a payload that does not match is dropped (and logged), never sent.
 * A window gets an event only while it shows our page. Returns the unsubscribe.
 */
export function forwardEvents(core: Pick<Core, 'onAny'>, trusted: TrustedSenders): () => void {
  return core.onAny((event, payload) => {
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) {
      log.error(`${event} payload does not match its contract: not sent`);
      return;
    }
    for (const contents of trusted.list()) {
      if (trusted.isShowingTrustedPage(contents)) contents.send(event, parsed.data);
    }
  });
}
