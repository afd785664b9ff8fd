import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RotatingLogFile } from '../../../electron/core/log-rotating-file';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'log-rotating-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Line n, padded so each line is exactly 100 bytes with its newline. */
const line = (n: number): string => `line ${String(n).padStart(6, '0')} `.padEnd(99, '.');

async function filesIn(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) out[name] = await readFile(path.join(dir, name), 'utf8');
  return out;
}

describe('RotatingLogFile', () => {
  it('rotates before a file would pass its bound and keeps only the configured number of files', async () => {
    const dir = path.join(root, 'logs');
    const file = new RotatingLogFile(dir, { maxBytes: 1000, maxFiles: 3 });
    for (let n = 1; n <= 95; n += 1) file.write(line(n));
    await file.close();

    const files = await filesIn(dir);
    expect(Object.keys(files)).toEqual(['wall.1.log', 'wall.2.log', 'wall.log']);
    for (const text of Object.values(files)) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
    // Oldest to newest, the files hold the newest lines in order, whole, ending with the last one written.
    const kept = [files['wall.2.log'], files['wall.1.log'], files['wall.log']].join('').split('\n');
    expect(kept.pop()).toBe('');
    expect(kept.at(-1)).toBe(line(95));
    const first = Number(/^line (\d+)/.exec(kept[0])?.[1]);
    expect(kept).toEqual(Array.from({ length: 95 - first + 1 }, (_, i) => line(first + i)));
    // 10 lines a file: the current file has the last 5, the two before it 10 each.
    expect(first).toBe(71);
    expect(files['wall.log'].split('\n').filter(Boolean)).toHaveLength(5);
  });

  it('continues an existing file, counting its size, and removes files beyond the limit', async () => {
    const dir = path.join(root, 'logs');
    await mkdir(dir);
    await writeFile(path.join(dir, 'wall.log'), `${line(1)}\n`.repeat(9));
    await writeFile(path.join(dir, 'wall.7.log'), 'left by an older build\n');
    await writeFile(path.join(dir, 'notes.txt'), 'not ours\n');
    const file = new RotatingLogFile(dir, { maxBytes: 1000, maxFiles: 2 });
    file.write(line(2)); // fills the file to exactly 1000 bytes
    file.write(line(3)); // would pass it: rotates first
    await file.close();
    const files = await filesIn(dir);
    expect(Object.keys(files)).toEqual(['notes.txt', 'wall.1.log', 'wall.log']);
    expect(files['wall.1.log']).toBe(`${line(1)}\n`.repeat(9) + `${line(2)}\n`);
    expect(files['wall.log']).toBe(`${line(3)}\n`);
  });

  it('keeps one file by truncating it when only one is allowed', async () => {
    const dir = path.join(root, 'logs');
    const file = new RotatingLogFile(dir, { maxBytes: 250, maxFiles: 1 });
    for (let n = 1; n <= 5; n += 1) file.write(line(n));
    await file.close();
    expect(await filesIn(dir)).toEqual({ 'wall.log': `${line(5)}\n` });
  });

  it('never throws when the folder cannot be created, tells once, and writes the queued lines once it can', async () => {
    const dir = path.join(root, 'logs');
    await writeFile(dir, 'a file where the folder should be');
    const told: string[] = [];
    const file = new RotatingLogFile(dir, { retryMs: 20, onError: (m) => told.push(m) });
    expect(() => file.write('first')).not.toThrow();
    await file.flush();
    file.write('second');
    await file.flush();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/log file .*wall\.log failed \((EEXIST|ENOTDIR)\)/);

    await rm(dir);
    await new Promise((resolve) => setTimeout(resolve, 40));
    file.write('third');
    await file.flush();
    await file.close();
    expect(await readFile(path.join(dir, 'wall.log'), 'utf8')).toBe('first\nsecond\nthird\n');
    expect(told[1]).toMatch(/is written again/);
  });

  it('bounds what waits in memory, and says how many lines were dropped', async () => {
    const dir = path.join(root, 'logs');
    await writeFile(dir, 'blocked');
    const file = new RotatingLogFile(dir, { retryMs: 20, maxPendingBytes: 350 });
    for (let n = 1; n <= 10; n += 1) file.write(line(n));
    await file.flush();
    await rm(dir);
    // The next retry writes what waited (on a busy machine later than its 20 ms): then a new line.
    await expect
      .poll(() => readFile(path.join(dir, 'wall.log'), 'utf8').catch(() => ''), { timeout: 10_000 })
      .toContain(line(3));
    file.write('after');
    await file.close();
    const lines = (await readFile(path.join(dir, 'wall.log'), 'utf8')).split('\n');
    expect(lines.slice(0, 3)).toEqual([line(1), line(2), line(3)]);
    expect(lines[3]).toMatch(/WARN {2}\[log-file\] 7 line\(s\) dropped/);
    expect(lines[4]).toBe('after');
  });

  it('ignores lines after close, and closing twice is fine', async () => {
    const dir = path.join(root, 'logs');
    const file = new RotatingLogFile(dir);
    file.write('kept');
    await file.close();
    expect(() => file.write('late')).not.toThrow();
    await file.close();
    expect(await readFile(path.join(dir, 'wall.log'), 'utf8')).toBe('kept\n');
  });

  it('flushSync writes what is queued before anything asynchronous has run', async () => {
    const dir = path.join(root, 'logs');
    const file = new RotatingLogFile(dir);
    file.write('at exit 1');
    file.write('at exit 2');
    file.flushSync();
    expect(await readFile(path.join(dir, 'wall.log'), 'utf8')).toBe('at exit 1\nat exit 2\n');
    await file.close();
    expect(await readFile(path.join(dir, 'wall.log'), 'utf8')).toBe('at exit 1\nat exit 2\n');
  });

  it('creates the file readable by its owner only', async () => {
    if (process.platform === 'win32') return;
    const dir = path.join(root, 'logs');
    const file = new RotatingLogFile(dir);
    file.write('x');
    await file.close();
    expect((await stat(path.join(dir, 'wall.log'))).mode & 0o077).toBe(0);
  });
});
