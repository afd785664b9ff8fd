import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import {
  startWatchdog,
  systemdNotify,
  watchdogSetup,
  watchdogVerdict,
  type NotifySender,
} from '../../../electron/core/systemd-watchdog';

const lines: string[] = [];
const log = createLogger('watchdog', { sink: (line) => lines.push(line) });

afterEach(() => {
  vi.useRealTimers();
  lines.length = 0;
});

describe('watchdogSetup', () => {
  it('is off outside systemd, and under systemd without WatchdogSec, saying why', () => {
    expect(watchdogSetup({}, 10)).toEqual({ on: false, reason: expect.stringContaining('NOTIFY_SOCKET') });
    expect(watchdogSetup({ NOTIFY_SOCKET: '/run/n' }, 10)).toEqual({
      on: false,
      reason: expect.stringContaining('WatchdogSec'),
    });
    expect(watchdogSetup({ NOTIFY_SOCKET: '/run/n', WATCHDOG_USEC: 'soon' }, 10)).toMatchObject({
      on: false,
    });
  });

  it('pings at half the watchdog time, as the main PID when the watchdog is this process', () => {
    expect(watchdogSetup({ NOTIFY_SOCKET: '/run/n', WATCHDOG_USEC: '30000000' }, 42)).toEqual({
      on: true,
      config: { socket: '/run/n', timeoutMs: 30_000, intervalMs: 15_000, mainPid: 42 },
    });
    expect(
      watchdogSetup({ NOTIFY_SOCKET: '/run/n', WATCHDOG_USEC: '30000000', WATCHDOG_PID: '42' }, 42),
    ).toMatchObject({ config: { mainPid: 42 } });
  });

  it('a watchdog meant for another process (a wrapper): still pinged, the main PID left alone', () => {
    const setup = watchdogSetup(
      { NOTIFY_SOCKET: '/run/n', WATCHDOG_USEC: '20000000', WATCHDOG_PID: '7' },
      42,
    );
    expect(setup.on && setup.config.mainPid).toBeUndefined();
    expect(setup.on && setup.config.intervalMs).toBe(10_000);
  });
});

describe('watchdogVerdict', () => {
  const page = (name: string, lastAnswerAt: number | null, openedAt = 0) => ({
    name,
    lastAnswerAt,
    openedAt,
  });

  it('pings while every page answered within the limit, and with no page at all', () => {
    expect(watchdogVerdict([], 1_000_000)).toEqual({ ping: true });
    expect(watchdogVerdict([page('a', 100_000), page('b', 50_000)], 130_000, 90_000)).toEqual({ ping: true });
  });

  it('withholds the ping once one page has been silent too long, naming it', () => {
    const verdict = watchdogVerdict([page('window 1', 100_000), page('window 2', 10_000)], 130_000, 90_000);
    expect(verdict).toEqual({ ping: false, page: 'window 2', reason: 'window 2 has not answered for 120 s' });
  });

  it('a page that never answered is judged from when it opened', () => {
    expect(watchdogVerdict([page('new', null, 100_000)], 150_000, 90_000)).toEqual({ ping: true });
    expect(watchdogVerdict([page('new', null, 0)], 150_000, 90_000)).toMatchObject({
      ping: false,
      reason: expect.stringContaining('never since it opened'),
    });
  });
});

describe('startWatchdog', () => {
  it('pings every interval while pages answer, stops while one hangs, and starts again', async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: string[][] = [];
    const send: NotifySender = async (args) => {
      sent.push(args);
      return { ok: true };
    };
    let lastAnswerAt = 0;
    const probes = vi.fn();
    const dog = startWatchdog({
      config: { socket: '/run/n', timeoutMs: 30_000, intervalMs: 15_000, mainPid: 42 },
      log,
      send,
      now: () => Date.now(),
      pages: () => [{ name: 'the wall window', openedAt: 0, lastAnswerAt }],
      beforeTick: probes,
      staleAfterMs: 40_000,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toEqual([['--pid=42', 'WATCHDOG=1']]);
    expect(probes).toHaveBeenCalledTimes(1);
    lastAnswerAt = 15_000;
    await vi.advanceTimersByTimeAsync(45_000); // 60 s: 45 s since the last answer
    expect(sent).toHaveLength(3); // at 30 s and 45 s; withheld at 60 s
    expect(lines.filter((l) => l.includes('not pinging'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000); // still silent: no more pings, no more warnings
    expect(sent).toHaveLength(3);
    expect(lines.filter((l) => l.includes('not pinging'))).toHaveLength(1);
    lastAnswerAt = 90_000;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toHaveLength(4);
    expect(lines.some((l) => l.includes("pinging systemd's watchdog again"))).toBe(true);
    dog.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(4);
  });

  it('does not stack pings behind a systemd-notify that has not returned', async () => {
    vi.useFakeTimers({ now: 0 });
    let calls = 0;
    const send: NotifySender = () => {
      calls++;
      return new Promise(() => undefined);
    };
    const dog = startWatchdog({ config: { socket: '/s', timeoutMs: 2_000, intervalMs: 1_000 }, log, send });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    dog.stop();
  });

  it('logs a failing systemd-notify once, and when it works again', async () => {
    vi.useFakeTimers({ now: 0 });
    let ok = false;
    const send: NotifySender = async () => (ok ? { ok: true } : { ok: false, error: 'ENOENT' });
    const dog = startWatchdog({ config: { socket: '/s', timeoutMs: 2_000, intervalMs: 1_000 }, log, send });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(lines.filter((l) => l.includes('systemd-notify failed'))).toHaveLength(1);
    ok = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.some((l) => l.includes('works again'))).toBe(true);
    dog.stop();
  });
});

// The real binary against a notify socket of our own (a tiny Python receiver: Node has no unix datagrams).
const hasTools =
  spawnSync('systemd-notify', ['--version']).status === 0 && spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasTools)('systemdNotify with the real systemd-notify', () => {
  let receiver: ChildProcess | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    receiver?.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('delivers WATCHDOG=1 and the main PID to $NOTIFY_SOCKET', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wall-notify-'));
    const socket = path.join(dir, 'notify');
    const script = [
      'import socket, sys',
      's = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)',
      's.bind(sys.argv[1])',
      'print("ready", flush=True)',
      'while True: print(s.recv(4096).decode().replace("\\n", " "), flush=True)',
    ].join('\n');
    receiver = spawn('python3', ['-c', script, socket]);
    let out = '';
    receiver.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 10_000 }).toContain('ready');

    const result = await systemdNotify(['--pid=4242', 'WATCHDOG=1'], {
      ...process.env,
      NOTIFY_SOCKET: socket,
    });
    expect(result).toEqual({ ok: true });
    await expect.poll(() => out, { timeout: 10_000 }).toMatch(/MAINPID=4242 WATCHDOG=1/);
  });

  it('reports a socket nobody listens on as a failure, not a throw', async () => {
    const result = await systemdNotify(['WATCHDOG=1'], {
      ...process.env,
      NOTIFY_SOCKET: '/nonexistent/notify',
    });
    expect(result.ok).toBe(false);
  });
});
