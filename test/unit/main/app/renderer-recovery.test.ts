import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepRendererAlive } from '../../../../electron/main/app/renderer-recovery';
import { createLogger } from '../../../../electron/core/logger';
import type { NoticeInput } from '../../../../electron/core/ports';
import { fakeWindow, type FakeWindow } from './fake-window';
import { zhNotice } from '../../../support/worded';

let window: FakeWindow;
let notices: NoticeInput[];
let lines: string[];

function watch(
  options: { stableMs?: number; escalate?: { recreateWindow(): void; relaunchApp(): void } } = {},
) {
  return keepRendererAlive(window as never, {
    log: createLogger('wall-window', { sink: (line) => lines.push(line) }),
    notify: (notice) => notices.push(notice),
    ...options,
  });
}

const gone = (reason: string, exitCode = 139) =>
  window.webContents.emit('render-process-gone', {}, { reason, exitCode });

beforeEach(() => {
  vi.useFakeTimers();
  window = fakeWindow();
  notices = [];
  lines = [];
});
afterEach(() => vi.useRealTimers());

describe('keepRendererAlive', () => {
  it('reloads the page a second after its process crashed, and tells the operator why', () => {
    watch();
    gone('crashed');
    expect(window.webContents.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(window.webContents.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([
      {
        level: 'warning',
        source: 'wall window',
        message: "The wall's page stopped (it crashed) and was reloaded",
        code: 'notice.page.reloaded.once',
        params: { exit: 'crashed' },
      },
    ]);
    expect(lines.join('\n')).toMatch(
      /WARN .*\[wall-window\] the wall's page is gone \(crashed, exit code 139\)/,
    );
  });

  it('backs off when the page keeps dying, and starts over once it has stayed up', () => {
    watch({ stableMs: 60_000 });
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      gone('oom');
      const before = Date.now();
      vi.advanceTimersToNextTimer();
      delays.push(Date.now() - before);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(window.webContents.reload).toHaveBeenCalledTimes(8);
    expect(notices.at(-1)?.message).toBe(
      "The wall's page stopped (out of memory) and was reloaded (8 times in a row; waited 60 s)",
    );
    expect(notices.at(-1)).toMatchObject({
      code: 'notice.page.reloaded.again',
      params: { exit: 'oom', count: 8, seconds: 60 },
    });
    expect(zhNotice(notices.at(-1)!)).toBe(
      '电视墙页面停止了（内存不足），已重新加载（连续 8 次；等待了 60 秒）。',
    );

    // Up for longer than stableMs since the last reload: healthy again, the next reload is quick.
    vi.advanceTimersByTime(60_000);
    gone('crashed');
    const before = Date.now();
    vi.advanceTimersToNextTimer();
    expect(Date.now() - before).toBe(1_000);
  });

  it('reloads once for a burst of events from the same death', () => {
    watch();
    gone('crashed');
    gone('crashed');
    vi.advanceTimersByTime(5_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(notices).toHaveLength(1);
  });

  it('leaves a clean exit alone (the window closing, or Chromium swapping processes)', () => {
    watch();
    gone('clean-exit', 0);
    vi.advanceTimersByTime(120_000);
    expect(window.webContents.reload).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('ends a page that hangs for longer than the grace, which then reloads', () => {
    watch();
    window.emit('unresponsive');
    vi.advanceTimersByTime(9_999);
    expect(window.webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();
    window.emit('unresponsive'); // Chromium repeats itself; the grace does not restart
    vi.advanceTimersByTime(1);
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    // Electron then reports the process gone ('killed'); the reload follows.
    gone('killed', 9);
    vi.advanceTimersByTime(1_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(notices.map((n) => n.message)).toEqual([
      "The wall's page stopped (its process was ended) and was reloaded",
    ]);
  });

  it('spares a page that answers again within the grace', () => {
    watch();
    window.emit('unresponsive');
    vi.advanceTimersByTime(8_000);
    window.emit('responsive');
    vi.advanceTimersByTime(60_000);
    expect(window.webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();
    expect(lines.join('\n')).toContain('responding again');
  });

  it('stops watching when the window closes: no reload of a destroyed window, no listeners left', () => {
    watch();
    gone('crashed');
    window.close();
    vi.advanceTimersByTime(120_000);
    expect(window.webContents.reload).not.toHaveBeenCalled();
    expect(window.webContents.listenerCount('render-process-gone')).toBe(0);
    expect(window.listenerCount('unresponsive')).toBe(0);
    expect(window.listenerCount('responsive')).toBe(0);
  });

  it('keeps working when raising the notice fails', () => {
    keepRendererAlive(window as never, {
      log: createLogger('wall-window', { sink: (line) => lines.push(line) }),
      notify: () => {
        throw new Error('renderer gone');
      },
    });
    gone('crashed');
    vi.advanceTimersByTime(1_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(lines.join('\n')).toContain('could not raise a notice');
  });

  it('restarts the page on request in a new process, and says why', () => {
    const recovery = watch();
    recovery.restart('it was using 2.1 GiB of memory, over its limit of 2.0 GiB', {
      used: '2.1 GiB',
      limit: '2.0 GiB',
    });
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    // A second request while the first is under way changes nothing.
    recovery.restart('again');
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    gone('killed', 9);
    vi.advanceTimersByTime(1_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([
      {
        level: 'warning',
        source: 'wall window',
        message: "The wall's page was restarted: it was using 2.1 GiB of memory, over its limit of 2.0 GiB",
        code: 'notice.page.restartedMemory.once',
        params: { used: '2.1 GiB', limit: '2.0 GiB' },
      },
    ]);
    // The fallback does not fire after the process did end, and a later crash is a crash again.
    vi.advanceTimersByTime(60_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    gone('crashed');
    expect(notices[1].message).toMatch(/^The wall's page stopped \(it crashed\)/);
  });

  it('reloads in place when the process does not end on request', () => {
    const recovery = watch();
    recovery.restart('over its memory limit');
    vi.advanceTimersByTime(9_999);
    expect(window.webContents.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(lines.join('\n')).toContain('did not end when asked');
    // It can be asked again.
    recovery.restart('still over');
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(2);
  });

  it('does nothing on request once the window is closed', () => {
    const recovery = watch();
    window.close();
    recovery.restart('too late');
    vi.advanceTimersByTime(60_000);
    expect(window.webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();
    expect(window.webContents.reload).not.toHaveBeenCalled();
  });

  it('climbs the ladder when given one: reloads, then rebuilds the window, then relaunches the app', () => {
    const escalate = { recreateWindow: vi.fn(), relaunchApp: vi.fn() };
    watch({ escalate });
    for (let i = 0; i < 5; i += 1) {
      gone('crashed');
      vi.advanceTimersToNextTimer();
    }
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
    expect(escalate.recreateWindow).toHaveBeenCalledTimes(2);
    expect(notices.at(-1)?.message).toBe(
      "The wall's page stopped (it crashed) and its window was rebuilt (5 times in a row; waited 16 s)",
    );
    expect(notices.at(-1)).toMatchObject({ code: 'notice.page.rebuilt.again', params: { exit: 'crashed' } });
    zhNotice(notices.at(-1)!);
    gone('crashed');
    expect(escalate.relaunchApp).toHaveBeenCalledTimes(1);
    expect(notices.at(-1)).toMatchObject({
      level: 'error',
      message: expect.stringContaining('6 times in a row'),
      code: 'notice.page.relaunching',
      params: { count: 6 },
    });
    expect(zhNotice(notices.at(-1)!)).toBe('电视墙页面已连续停止 6 次；应用正在重新启动。');
    vi.advanceTimersByTime(120_000);
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
  });
});
