import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLogTail } from '../../../electron/core/log-tail';
import { REDACTED, Redactor } from '../../../electron/core/redact';

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(tmpdir(), 'log-tail-')), 'logs');
  await mkdir(dir);
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const lines = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');

describe('readLogTail', () => {
  it('is empty when there is no log yet', async () => {
    expect(await readLogTail(path.join(dir, 'missing'))).toBe('');
    expect(await readLogTail(dir)).toBe('');
  });

  it('returns the whole file when it is small, and its last whole lines when it is not', async () => {
    await writeFile(path.join(dir, 'wall.log'), lines(1, 100));
    expect(await readLogTail(dir, 64 * 1024)).toBe(lines(1, 100));
    // 'line 100\n' is 9 bytes, 'line 99\n' 8: 20 bytes hold both and part of line 98, which is dropped.
    expect(await readLogTail(dir, 20)).toBe('line 99\nline 100\n');
  });

  it('reaches into the rotated file when the current one was just started', async () => {
    await writeFile(path.join(dir, 'wall.1.log'), lines(1, 50));
    await writeFile(path.join(dir, 'wall.2.log'), 'older\n');
    await writeFile(path.join(dir, 'wall.log'), lines(51, 52));
    const tail = await readLogTail(dir, 40);
    expect(tail.endsWith(lines(48, 52))).toBe(true);
    expect(tail.split('\n')[0]).toMatch(/^line \d+$/);
    expect(await readLogTail(dir, 1024 * 1024)).toBe(`older\n${lines(1, 52)}`);
  });

  it('never starts with half a character', async () => {
    await writeFile(path.join(dir, 'wall.log'), `${'é'.repeat(10)}\nlast é\n`);
    expect(await readLogTail(dir, 12)).toBe('last é\n');
  });

  it('redacts again on the way out: a secret registered after its line was written', async () => {
    await writeFile(path.join(dir, 'wall.log'), 'token abc-late-1 seen\nGET /p?queryToken=xyz\n');
    const redact = new Redactor();
    redact.add('abc-late-1');
    expect(await readLogTail(dir, 1024, { redact })).toBe(
      `token ${REDACTED} seen\nGET /p?queryToken=${REDACTED}\n`,
    );
  });
});
