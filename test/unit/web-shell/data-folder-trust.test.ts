import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import { warnAboutWeakStorage } from '../../../electron/core/storage-warning';
import type { NoticeInput } from '../../../electron/core/ports';
import { UiStateStore } from '../../../electron/core/ui-state-store';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { openDataFolder, type DataFolder } from '../../../electron/web-shell/data-folder';
import { DataFolderBusyError, LOCK_DIR_NAME } from '../../../electron/web-shell/data-folder-lock';
import { KEY_LOCATION_FILE_NAME } from '../../../electron/web-shell/data-key';

const posix = process.platform !== 'win32';
const HOLDER = path.resolve('test/unit/web-shell/lock-holder.ts');

let root: string;
let dataDir: string;
let keyDir: string;
let logs: string[];
const opened: DataFolder[] = [];
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'data-folder-trust-'));
  dataDir = path.join(root, 'data');
  keyDir = path.join(root, 'keys');
  logs = [];
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
  for (const folder of opened.splice(0)) await folder.release();
  await rm(root, { recursive: true, force: true });
});

async function open(staleMs?: number): Promise<DataFolder> {
  const folder = await openDataFolder(dataDir, {
    log: createLogger('web-shell', { sink: (line) => logs.push(line), level: 'debug' }),
    keyDir,
    keyring: null,
    ...(staleMs !== undefined && { lockStaleMs: staleMs }),
  });
  opened.push(folder);
  return folder;
}

/** A real process holding the data folder (lock-holder.ts), answering one JSON line per command. */
function holder(staleMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir, keyDir, String(staleMs)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const seen: Record<string, unknown>[] = [];
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the holder ended: ${stderr}`);
    const value = JSON.parse(String(line.value)) as Record<string, unknown>;
    seen.push(value);
    return value;
  };
  /** The next answer to a command (notices and lost-lock lines are kept in `seen`). */
  const answer = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const value = await next();
      if ('ok' in value) return value;
    }
  };
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    seen,
    exited,
    stderr: () => stderr,
    ready: async () => (await next()).ready as number,
    set: async (key: string, value: string) => {
      child.stdin!.write(`set ${key} ${value}\n`);
      return answer();
    },
  };
}

/** Try to open the folder until it opens (a lock goes stale in its own time); a readiness loop, no fixed wait. */
async function openWhenFree(staleMs: number): Promise<DataFolder> {
  for (;;) {
    try {
      return await open(staleMs);
    } catch (e) {
      if (!(e instanceof DataFolderBusyError)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const uiStateOf = async () =>
  JSON.parse(await readFile(path.join(dataDir, 'ui-state.json'), 'utf8')) as {
    entries: Record<string, { value: unknown }>;
  };

describe.skipIf(!posix)('two shells on one data folder, as real processes', () => {
  it('the lock of a killed shell (kill -9) is taken at once, not after it goes stale', async () => {
    const first = holder(20_000);
    const pid = await first.ready();
    expect(await first.set('wall', 'first')).toEqual({ ok: true });
    first.child.kill('SIGKILL');
    await first.exited;

    // The default stale time is 20 s; the dead pid is seen at once.
    const folder = await open();
    expect(logs.join('\n')).toMatch(
      new RegExp(`took over the lock on .* from pid ${pid}, which no longer runs`),
    );
    const ui = new UiStateStore(new FileStore(folder.dir), Date.now);
    expect(await ui.get('wall')).toBe('first');
  }, 60_000);

  it('a shell paused past the stale time (SIGSTOP) loses the folder, and then refuses every write', async () => {
    const first = holder(2_000);
    await first.ready();
    expect(await first.set('wall', 'before-pause')).toEqual({ ok: true });
    first.child.kill('SIGSTOP');

    // Another shell takes the folder once the paused one's lock is stale, and saves its own state.
    const second = await openWhenFree(2_000);
    const ui = new UiStateStore(new FileStore(second.dir), Date.now);
    await ui.set('wall', 'second');

    first.child.kill('SIGCONT');
    const refused = await first.set('wall', 'after-pause');
    expect(refused).toMatchObject({ ok: false, kind: 'storage' });
    expect(refused.message).toContain(`no longer holds its data folder ${dataDir}`);
    // It says so once, through the notice path, and its write did not land.
    expect(first.seen.some((v) => (v.notice as NoticeInput | undefined)?.source === 'data-folder')).toBe(
      true,
    );
    expect((await uiStateOf()).entries.wall.value).toBe('second');
    expect(await first.set('other', 'x')).toMatchObject({ ok: false, kind: 'storage' });
    expect((await uiStateOf()).entries.other).toBeUndefined();

    // The paused shell closes: it leaves the lock of the shell that holds the folder, which goes on saving.
    first.child.stdin!.end();
    await first.exited;
    expect(await readdir(dataDir)).toContain(LOCK_DIR_NAME);
    await ui.set('wall', 'second-again');
    expect((await uiStateOf()).entries.wall.value).toBe('second-again');
    await expect(open()).rejects.toBeInstanceOf(DataFolderBusyError);
  }, 90_000);
});

describe('openDataFolder: what interrupted writes and broken files leave', () => {
  it('removes the temp files a killed write left, only ours and only those of writers that are gone', async () => {
    await mkdir(path.join(dataDir, 'operator-log'), { recursive: true });
    const dead = 'layouts.json.4194999.0a1b2c3d.tmp';
    const deadLog = 'operator-log.jsonl.4194999.00ff00ff.tmp';
    const live = `settings.json.${process.ppid}.0a1b2c3d.tmp`;
    const liveOld = `profiles.json.${process.ppid}.deadbeef.tmp`;
    await writeFile(path.join(dataDir, dead), '{"half');
    await writeFile(path.join(dataDir, 'operator-log', deadLog), '{"half');
    await writeFile(path.join(dataDir, live), '{}');
    await writeFile(path.join(dataDir, liveOld), '{}');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dataDir, liveOld), hourAgo, hourAgo);
    await writeFile(path.join(dataDir, 'notes.tmp'), 'a person’s file');

    await open();
    const names = await readdir(dataDir);
    expect(names).not.toContain(dead);
    expect(names).not.toContain(liveOld);
    expect(names).toContain(live);
    expect(names).toContain('notes.tmp');
    expect(await readdir(path.join(dataDir, 'operator-log'))).toEqual([]);
  });

  it('a corrupt secrets-key-location.json: the cipher and the notice name the file and what to do', async () => {
    await mkdir(dataDir, { recursive: true });
    const location = path.join(dataDir, KEY_LOCATION_FILE_NAME);
    await writeFile(location, '{"version": 1, "id": "0f1e');
    const folder = await open();
    expect(await folder.cipher.tier()).toBe('unavailable');
    const notices: NoticeInput[] = [];
    await warnAboutWeakStorage(folder.cipher, (n) => notices.push(n));
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain(location);
    expect(notices[0].message).toContain('it is not valid JSON');
    expect(notices[0].message).toContain('Restore that file from a backup');
    // Left as it was, for a person to mend.
    expect(await readFile(location, 'utf8')).toBe('{"version": 1, "id": "0f1e');
  });
});
