import { describe, expect, it, vi } from 'vitest';
import { fakeSender } from './fake-sender';

vi.mock('electron', () => ({ default: {} }));

import { isAppUrl } from '../../../../electron/main/app/app-origin';
import { forwardEvents } from '../../../../electron/main/ipc/forward-events';
import { TrustedSenders } from '../../../../electron/main/ipc/trusted-senders';

function fakeCore() {
  let listener: ((event: string, payload: unknown) => void) | undefined;
  const unsubscribe = vi.fn();
  return {
    onAny: vi.fn((l: (event: string, payload: unknown) => void) => {
      listener = l;
      return unsubscribe;
    }),
    emit: (event: string, payload: unknown) => listener?.(event, payload),
    unsubscribe,
  };
}

describe('forwardEvents', () => {
  it('sends each core event to the trusted windows that show our page, and to no one else', () => {
    const trusted = new TrustedSenders(isAppUrl);
    const a = fakeSender(1);
    const b = fakeSender(2);
    const elsewhere = fakeSender(3, 'https://evil.example/');
    const stranger = fakeSender(4);
    const gone = fakeSender(5);
    for (const w of [a, b, elsewhere, gone]) trusted.add(w as never);
    gone.destroy();
    const core = fakeCore();
    const stop = forwardEvents(core as never, trusted);

    const notice = { id: 'n1', level: 'warning', source: 'vault', message: 'weak', at: 1 };
    core.emit('app:notice', notice);

    expect(a.send).toHaveBeenCalledWith('app:notice', notice);
    expect(b.send).toHaveBeenCalledWith('app:notice', notice);
    expect(elsewhere.send).not.toHaveBeenCalled();
    expect(stranger.send).not.toHaveBeenCalled();
    expect(gone.send).not.toHaveBeenCalled();

    stop();
    expect(core.unsubscribe).toHaveBeenCalled();
  });

  it('parses payloads with the contract: undeclared fields are stripped, a bad payload is not sent', () => {
    const trusted = new TrustedSenders(isAppUrl);
    const a = fakeSender(1);
    trusted.add(a as never);
    const core = fakeCore();
    forwardEvents(core as never, trusted);

    core.emit('app:notice', {
      id: 'n2',
      level: 'info',
      source: 'vault',
      message: 'ok',
      at: 2,
      authSecret: 'leak',
    });
    expect(a.send).toHaveBeenCalledWith('app:notice', {
      id: 'n2',
      level: 'info',
      source: 'vault',
      message: 'ok',
      at: 2,
    });

    a.send.mockClear();
    core.emit('app:notice', { id: 'n3', level: 'shouting' });
    expect(a.send).not.toHaveBeenCalled();
  });
});
