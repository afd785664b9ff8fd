import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mosquittoMissing, ROOM_ACL_FILE, startMosquitto } from '../../support/mosquitto';
import { startAedes } from '../../support/room-parts';

export interface BenchLogin {
  username: string;
  password: string;
}

/** The broker a run uses, and how each PC logs in to it. */
export interface BenchBroker {
  kind: 'mosquitto' | 'hosted';
  url: string;
  /** The login of `name` (null: the hosted broker on loopback takes anonymous clients). */
  login(name: string): BenchLogin | null;
  /** The broker's own process (Mosquitto), null when it runs in this process. */
  pid(): number | null;
  close(): Promise<void>;
}

/**
 * Mosquitto with the documented ACL file plus one block for the PC whose several screens the bench
 * drives (as the README's `wall-pc-2` block lists its screens), or the hosted broker (aedes, as
 * the app runs it, in this process).
 */
export async function startBenchBroker(
  kind: 'mosquitto' | 'hosted',
  room: { users: string[]; multiScreenPc: string; screens: string[] },
): Promise<BenchBroker> {
  if (kind === 'hosted') {
    const aedes = await startAedes(null);
    return { kind, url: aedes.url, login: () => null, pid: () => null, close: () => aedes.stop() };
  }
  const missing = mosquittoMissing();
  if (missing) throw new Error(`--broker mosquitto: ${missing}; or run with --broker hosted`);
  const dir = await mkdtemp(path.join(tmpdir(), 'room-bench-acl-'));
  const acl = path.join(dir, 'room.acl');
  const block = [
    `user ${room.multiScreenPc}`,
    ...room.screens.flatMap((s) => [
      `topic write control-room-wall/v1/screens/${s}/reported`,
      `topic write control-room-wall/v1/screens/${s}/presence`,
    ]),
  ];
  await writeFile(acl, `${await readFile(ROOM_ACL_FILE, 'utf8')}\n${block.join('\n')}\n`);
  // Benchmark logins only, made for this run and gone with it.
  const logins = new Map(room.users.map((u) => [u, { username: u, password: `bench-${u}-${process.pid}` }]));
  const started = await startMosquitto({ users: [...logins.values()], aclFile: acl });
  return {
    kind,
    url: started.url,
    login: (name) => logins.get(name) ?? null,
    pid: () => childNamed('mosquitto'),
    async close() {
      await started.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A live child of this process with that command name (the Mosquitto it started). */
function childNamed(comm: string): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat && stat.comm === comm && stat.ppid === process.pid) return Number(name);
  }
  return null;
}

/** utime + stime of a process, in clock ticks (null when it is gone). */
export function processTicks(pid: number): number | null {
  return statOf(pid)?.ticks ?? null;
}

function statOf(pid: number): { comm: string; ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}
