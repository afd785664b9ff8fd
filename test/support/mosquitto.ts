import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';

/** The documented ACL file (README): the tests run the broker with exactly it. */
export const ROOM_ACL_FILE = fileURLToPath(new URL('../../resources/mosquitto/room.acl', import.meta.url));

/**
 * Why the Mosquitto tests cannot run here, or null when they can.
 *
 * `.ci/run` installs Debian's mosquitto (which brings mosquitto_passwd); a machine without it skips
 * these tests with this reason printed instead of failing on a missing binary.
 */
export function mosquittoMissing(): string | null {
  if (!existsSync(MOSQUITTO))
    return `no ${MOSQUITTO} (Debian: apt-get install -y mosquitto; or set MOSQUITTO_PATH)`;
  if (!existsSync(MOSQUITTO_PASSWD))
    return `no ${MOSQUITTO_PASSWD} to hash the test passwords (Debian: mosquitto)`;
  return null;
}

export interface MosquittoUser {
  username: string;
  password: string;
}

export interface Mosquitto {
  port: number;
  /** `mqtt://127.0.0.1:<port>` */
  url: string;
  /** Stop the broker (SIGTERM) and wait for it to exit; its port stays reserved for restart(). */
  stop(): Promise<void>;
  /** Start it again on the same port (after stop()). */
  restart(): Promise<void>;
  /** Stop it and remove its folder. */
  dispose(): Promise<void>;
  /** What the broker printed (for a failing test's message). */
  output(): string;
}

/**
 * The real Mosquitto on a free loopback port, with a password file (hashed by mosquitto_passwd) and
 * the room's ACL file; no anonymous clients, no persistence (a restart forgets retained messages).
 */
export async function startMosquitto(options: {
  users: MosquittoUser[];
  aclFile?: string;
}): Promise<Mosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'crw-mosquitto-'));
  const passwordFile = join(dir, 'passwords');
  await writeFile(passwordFile, '', { mode: 0o600 });
  for (const user of options.users) {
    const made = spawnSync(MOSQUITTO_PASSWD, ['-b', passwordFile, user.username, user.password], {
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr || made.stdout}`);
  }
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwordFile}`,
      `acl_file ${options.aclFile ?? ROOM_ACL_FILE}`,
      'persistence false',
      // As root Mosquitto would switch to the `mosquitto` user, who cannot read this private folder.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username}`] : []),
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      '',
    ].join('\n'),
  );

  let child: ChildProcess | null = null;
  let printed = '';
  const launch = async () => {
    const started = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code) =>
        reject(new Error(`mosquitto exited (${code}) before listening:\n${printed}`)),
      ),
    );
    await Promise.race([waitForPort(port), exited]);
    exited.catch(() => undefined);
  };
  const stop = async () => {
    const running: ChildProcess | null = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise<void>((done) => running.once('exit', () => done()));
    running.kill('SIGTERM');
    await gone;
  };

  await launch();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    stop,
    restart: launch,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
    output: () => printed,
  };
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once something accepts TCP connections on the port (the broker is ready). */
export async function waitForPort(port: number, host = '127.0.0.1'): Promise<void> {
  for (;;) {
    const accepted = await new Promise<boolean>((done) => {
      const socket = createConnection({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (accepted) return;
    await new Promise((done) => setTimeout(done, 50));
  }
}
