import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ default: {} }));

import { createLogger } from '../../../../electron/core/logger';
import type { NoticeInput } from '../../../../electron/core/ports';
import { LaunchJournalFile } from '../../../../electron/main/app/launch-journal';
import { HEALTHY_AFTER_MS, StartGuard } from '../../../../electron/main/app/start-guard';
import { zhNotice } from '../../../support/worded';

let dir: string;
let clock: number;
let lines: string[];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'start-guard-'));
  clock = 1_000_000;
  lines = [];
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

function start() {
  const app = Object.assign(new EventEmitter(), { disableHardwareAcceleration: vi.fn(), exit: vi.fn() });
  const proc = new EventEmitter();
  const guard = new StartGuard({
    app: app as never,
    dataDir: dir,
    log: createLogger('main', { sink: (l) => lines.push(l) }),
    now: () => clock,
    process: proc as never,
  });
  return { guard, app, proc };
}

describe('StartGuard (the recovery policy wired to the process, electron mocked)', () => {
  it('an uncaught exception in main is logged, recorded, and exits 1 for the supervisor', () => {
    const { app, proc } = start();
    proc.emit('uncaughtException', new TypeError('layouts is undefined'));
    expect(app.exit).toHaveBeenCalledWith(1);
    expect(lines.join('\n')).toMatch(/ERROR .*uncaught exception in the main process/);
    expect(new LaunchJournalFile(dir).read().lastFailure).toBe(
      'uncaught exception: TypeError: layouts is undefined',
    );
  });

  it('so does an unhandled rejection', () => {
    const { app, proc } = start();
    proc.emit('unhandledRejection', 'the store went away');
    expect(app.exit).toHaveBeenCalledWith(1);
  });

  it('three quick starts that never got healthy end in the safe screen, with the last failure', () => {
    for (let i = 0; i < 3; i++) {
      const { proc } = start();
      proc.emit('uncaughtException', new Error(`boom ${i}`));
      clock += 20_000;
    }
    expect(start().guard.decision).toEqual({
      kind: 'safe-screen',
      starts: 3,
      lastFailure: 'uncaught exception: Error: boom 2',
    });
  });

  it('a page that stayed up a minute after loading makes the start healthy', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 2; i++) start();
    const { guard } = start();
    const contents = new EventEmitter();
    guard.healthyAfterLoad({ webContents: contents as never, isDestroyed: () => false });
    contents.emit('did-finish-load');
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    expect(new LaunchJournalFile(dir).read().unhealthyStarts).toEqual([]);
    expect(start().guard.decision.kind).toBe('start');
  });

  it('three GPU crashes turn hardware acceleration off for the next start, which says so once', () => {
    const first = start();
    const notices: NoticeInput[] = [];
    first.guard.watch((n) => notices.push(n));
    for (let i = 0; i < 3; i++) {
      first.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 139 });
      first.app.emit('child-process-gone', {}, { type: 'Utility', reason: 'crashed', exitCode: 1 });
      clock += 60_000;
    }
    expect(notices.map((n) => n.message)).toEqual([
      expect.stringContaining('next start runs without hardware acceleration'),
    ]);
    expect(notices[0].code).toBe('notice.recovery.gpuCrashes');
    expect(zhNotice(notices[0])).toBe('图形进程在 10 分钟内崩溃了 3 次：下次启动将不使用硬件加速。');

    const second = start();
    expect(second.app.disableHardwareAcceleration).toHaveBeenCalledTimes(1);
    const told: NoticeInput[] = [];
    second.guard.watch((n) => told.push(n));
    expect(told[0].message).toMatch(/Hardware acceleration is off for this run/);
    expect(told[0].code).toBe('notice.recovery.gpuOff');
    zhNotice(told[0]);

    const third = start();
    expect(third.app.disableHardwareAcceleration).not.toHaveBeenCalled();
  });
});
