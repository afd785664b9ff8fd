import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnShellCli } from './shell-cli';
import { writeFakeRenderer } from './shell-fixture';

// A notify socket of our own, read by a tiny Python receiver (Node has no unix datagrams), and the
// real systemd-notify in between: what systemd would see from `npm run web` in a unit with WatchdogSec=.
// (MAINPID is the Node process tsx starts, not tsx itself.)
const hasTools =
  spawnSync('systemd-notify', ['--version']).status === 0 && spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasTools)('npm run web under systemd with a watchdog', () => {
  let dir: string;
  let receiver: ChildProcess | undefined;
  let shell: ChildProcess | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'web-shell-watchdog-'));
    await writeFakeRenderer(path.join(dir, 'renderer'));
  });
  afterAll(async () => {
    shell?.kill('SIGTERM');
    receiver?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'says READY=1, then pings WATCHDOG=1 every half of WATCHDOG_USEC with its own PID',
    { timeout: 60_000 },
    async () => {
      const socket = path.join(dir, 'notify');
      const script = [
        'import socket, sys',
        's = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)',
        's.bind(sys.argv[1])',
        'print("listening", flush=True)',
        'while True: print(s.recv(4096).decode().replace("\\n", " "), flush=True)',
      ].join('\n');
      receiver = spawn('python3', ['-c', script, socket]);
      let got = '';
      receiver.stdout!.on('data', (chunk: Buffer) => (got += chunk.toString()));
      await expect.poll(() => got, { timeout: 10_000 }).toContain('listening');

      shell = spawnShellCli(
        [
          '--port',
          '0',
          '--no-open',
          '--renderer-dir',
          path.join(dir, 'renderer'),
          '--data-dir',
          path.join(dir, 'data'),
        ],
        {
          NOTIFY_SOCKET: socket,
          WATCHDOG_USEC: '2000000',
          XDG_STATE_HOME: path.join(dir, 'state'),
          DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        },
      );

      const first = await createInterface({ input: shell.stdout! })[Symbol.asyncIterator]().next();
      expect(JSON.parse(String(first.value))).toHaveProperty('url');
      await expect
        .poll(() => got, { timeout: 15_000 })
        .toMatch(/MAINPID=\d+ READY=1 STATUS=serving the wall/);
      await expect
        .poll(() => got.match(/MAINPID=\d+ WATCHDOG=1/g)?.length ?? 0, {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(3);
    },
  );
});
