import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { PageHeartbeat } from '../../../../electron/main/app/page-heartbeat';

/** A window whose page answers a script at once, never (hung), or not at all (crashed). */
function page(mode: { answer: 'yes' | 'hang' | 'fail'; crashed?: boolean }) {
  const window = Object.assign(new EventEmitter(), {
    destroyed: false,
    isDestroyed: () => window.destroyed,
    webContents: {
      isCrashed: () => mode.crashed ?? false,
      executeJavaScript: vi.fn((code: string) => {
        expect(code).toBe('1');
        if (mode.answer === 'yes') return Promise.resolve(1);
        if (mode.answer === 'fail') return Promise.reject(new Error('gone'));
        return new Promise(() => undefined);
      }),
    },
  });
  return window;
}

describe('PageHeartbeat', () => {
  it('records when each page answered a probe', async () => {
    let now = 1_000;
    const beat = new PageHeartbeat(() => now);
    const live = page({ answer: 'yes' });
    const hung = page({ answer: 'hang' });
    beat.watch(live as never, 'window 1');
    beat.watch(hung as never, 'window 2');
    now = 5_000;
    beat.probe();
    await Promise.resolve();
    expect(beat.health()).toEqual([
      { name: 'window 1', openedAt: 1_000, lastAnswerAt: 5_000 },
      { name: 'window 2', openedAt: 1_000, lastAnswerAt: null },
    ]);
  });

  it('does not pile probes on a hung page, and tries again after the probe timeout', () => {
    let now = 0;
    const beat = new PageHeartbeat(() => now, 5_000);
    const hung = page({ answer: 'hang' });
    beat.watch(hung as never, 'w');
    beat.probe();
    now = 2_000;
    beat.probe();
    expect(hung.webContents.executeJavaScript).toHaveBeenCalledTimes(1);
    now = 6_000;
    beat.probe();
    expect(hung.webContents.executeJavaScript).toHaveBeenCalledTimes(2);
  });

  it('a crashed page is not probed and does not count as answering; a failed probe neither', async () => {
    const beat = new PageHeartbeat(() => 10);
    const crashed = page({ answer: 'yes', crashed: true });
    const failing = page({ answer: 'fail' });
    beat.watch(crashed as never, 'a');
    beat.watch(failing as never, 'b');
    beat.probe();
    await new Promise((r) => setTimeout(r, 0));
    expect(crashed.webContents.executeJavaScript).not.toHaveBeenCalled();
    expect(beat.health().map((p) => p.lastAnswerAt)).toEqual([null, null]);
  });

  it('forgets a window once it is closed or destroyed', () => {
    const beat = new PageHeartbeat(() => 0);
    const a = page({ answer: 'yes' });
    const b = page({ answer: 'yes' });
    beat.watch(a as never, 'a');
    beat.watch(b as never, 'b');
    a.emit('closed');
    b.destroyed = true;
    beat.probe();
    expect(beat.health()).toEqual([]);
  });
});
