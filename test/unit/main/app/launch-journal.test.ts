import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, LaunchJournalFile } from '../../../../electron/main/app/launch-journal';
import { onFailure, onStart } from '../../../../electron/main/app/recovery-policy';
import { safeScreenUrl } from '../../../../electron/main/app/safe-screen';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the launch journal on disk', () => {
  it('keeps starts and failures across runs, so a crash loop is seen by the next start', () => {
    for (const t of [0, 1000, 2000]) new LaunchJournalFile(dir).update((j) => onStart(j, t).journal);
    new LaunchJournalFile(dir).update((j) => onFailure(j, 'TypeError: cannot read the layouts'));
    const { decision } = onStart(new LaunchJournalFile(dir).read(), 3000);
    expect(decision).toEqual({
      kind: 'safe-screen',
      starts: 3,
      lastFailure: 'TypeError: cannot read the layouts',
    });
  });

  it('reads a missing, broken or odd file as an empty journal', async () => {
    expect(new LaunchJournalFile(dir).read()).toEqual({ unhealthyStarts: [], gpuCrashes: [] });
    await writeFile(path.join(dir, JOURNAL_FILE), '{not json');
    expect(new LaunchJournalFile(dir).read()).toEqual({ unhealthyStarts: [], gpuCrashes: [] });
    await writeFile(
      path.join(dir, JOURNAL_FILE),
      '{"unhealthyStarts":["x",5],"disableHardwareAcceleration":"yes"}',
    );
    expect(new LaunchJournalFile(dir).read()).toEqual({ unhealthyStarts: [5], gpuCrashes: [] });
  });

  it('writes JSON a person can read, with no temp file left beside it', async () => {
    new LaunchJournalFile(dir).write({
      unhealthyStarts: [1],
      gpuCrashes: [2],
      disableHardwareAcceleration: true,
    });
    expect(JSON.parse(await readFile(path.join(dir, JOURNAL_FILE), 'utf8'))).toEqual({
      unhealthyStarts: [1],
      gpuCrashes: [2],
      disableHardwareAcceleration: true,
    });
  });
});

describe('the safe screen', () => {
  it('says what failed, escaped, with no script', () => {
    const url = safeScreenUrl({
      starts: 3,
      lastFailure: '<img src=x onerror=alert(1)>',
      logFile: '/var/log/wall.log',
      appName: 'Control Room Wall',
    });
    const html = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(html).toContain('failed 3 times in a row');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('/var/log/wall.log');
    expect(html).not.toMatch(/<script|<img/i);
    // No catalogs without the renderer: it says it in Chinese too, marked as such.
    expect(html).toContain('<section lang="zh-CN"><h1>Control Room Wall 已停止自行重启</h1>');
    expect(html).toContain('连续失败了 3 次');
  });
});
