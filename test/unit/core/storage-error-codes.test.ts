import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderLostError, folderLostNotice, holdFolder } from '../../../electron/core/folder-write-gate';
import { keptAsideCode } from '../../../electron/core/versioned-store';
import type { Notice } from '../../../electron/shared/contract';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { MemoryStore } from '../../fakes/memory-store';
import { error, openCore, value } from '../../support/core-harness';
import { hasEnglishWords, zhNotice, zhWords } from '../../support/worded';

/**
 * The app's own files: a write the disk refuses, a document kept aside at start-up, a data folder
 * another shell took. Each is coded (which document, why) and worded in both languages.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-codes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const layout = { id: 'lobby', name: 'Lobby', profileId: 'site', grid: { columns: 1, rows: 1 }, tiles: [] };

async function withProfile(core: Awaited<ReturnType<typeof openCore>>['core']) {
  value(
    await core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl: 'https://a.example.com',
      credentialType: 'user',
      keys: { userKey: 'u', authKey: 'k' },
      secrets: { authSecret: 'CANARY-storage-codes' },
    }),
  );
}

describe('a write the disk refuses', () => {
  it('names the document and the cause: storage.cannotSave with store and cause', async () => {
    const data = path.join(dir, 'data');
    const { core } = await openCore({ store: new FileStore(data) });
    await withProfile(core);
    // The data folder is replaced by a file: the real file system refuses every write into it.
    await rm(data, { recursive: true });
    await writeFile(data, 'not a folder');
    const e = error(await core.call('layouts:save', layout));
    expect(e).toMatchObject({
      kind: 'storage',
      code: 'storage.cannotSave',
      params: { store: 'layouts', cause: 'other' },
    });
    expect(String(e.params?.technical)).toMatch(/^E[A-Z]+$/);
    expect(hasEnglishWords('storage.cannotSave')).toBe(true);
    expect(zhWords(e)).toBe(`无法保存布局：出现意外错误（${String(e.params?.technical)}）。`);
  });

  it('words each cause the app knows (the disk full, read-only, no permission)', () => {
    for (const cause of ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']) {
      const words = zhWords({
        message: 'x',
        code: 'storage.cannotSave',
        params: { store: 'ui-state', cause },
      });
      expect(words).toMatch(new RegExp(`^无法保存屏幕状态（打开的面板、草稿）：.*（${cause}）。$`));
    }
    expect(
      zhWords({ message: 'x', code: 'storage.cannotWrite', params: { file: '/d/x.json', cause: 'ENOSPC' } }),
    ).toBe('无法写入 /d/x.json：磁盘已满；请释放一些空间后重试（ENOSPC）。');
  });
});

describe('a document kept aside at start-up, in a coded notice', () => {
  const noticesOf = async (store: MemoryStore): Promise<Notice[]> => {
    const { core } = await openCore({ store });
    return value(await core.call('app:info', undefined)).notices;
  };

  it('unreadable, from a newer app, not upgradable, invalid, salvaged', async () => {
    const store = new MemoryStore();
    store.corrupt('layouts', '{ not json');
    await store.set('settings', { version: 99, data: {} });
    await store.set('tours', { version: 0, data: { tours: 'not a list' } });
    await store.set('profiles', { version: 1, data: { profiles: [{ id: 'broken' }] } });
    const notices = await noticesOf(store);
    const byStore = new Map(notices.map((n) => [n.params?.store, n]));
    expect(byStore.get('layouts')).toMatchObject({
      code: 'notice.store.unreadable.kept',
      params: { keptAt: 'layouts.corrupt-1' },
    });
    expect(byStore.get('settings')).toMatchObject({
      code: 'notice.store.newer.kept',
      params: { version: 99, max: expect.any(Number) },
    });
    expect(byStore.get('tours')).toMatchObject({ code: 'notice.store.invalid.kept' });
    expect(byStore.get('profiles')).toMatchObject({ code: 'notice.store.salvaged.kept' });
    for (const n of [...byStore.values()]) {
      expect(hasEnglishWords(n.code!)).toBe(true);
      zhNotice(n);
    }
    expect(zhNotice(byStore.get('layouts')!)).toBe(
      '无法读取布局文件，已重新开始。旧文件保存在 layouts.corrupt-1。',
    );
  });

  it('a format-0 layouts document that cannot be upgraded', async () => {
    const store = new MemoryStore();
    await store.set('layouts', { neither: 'a list nor an envelope' });
    const n = (await noticesOf(store)).find((x) => x.params?.store === 'layouts')!;
    expect(n).toMatchObject({ code: 'notice.store.notUpgraded.kept', params: { version: 0 } });
    expect(zhNotice(n)).toMatch(/^无法将布局文件从格式 0 升级，已重新开始。/);
  });

  it('the screen state kept aside says so in its own notice', async () => {
    const store = new MemoryStore();
    store.corrupt('ui-state', '{');
    const { core } = await openCore({ store });
    value(await core.call('ui:get', { key: 'wall.draft' }));
    const n = core.notices().find((x) => x.params?.store === 'ui-state')!;
    expect(n).toMatchObject({ code: 'notice.store.unreadable.kept' });
    expect(zhNotice(n)).toMatch(/^无法读取屏幕状态（打开的面板、草稿）文件，已重新开始。/);
  });

  it('a document that could not be moved aside says that instead of where', () => {
    const coded = keptAsideCode({ what: 'invalid' }, 'settings', undefined);
    expect(coded).toEqual({ code: 'notice.store.invalid.notKept', params: { store: 'settings' } });
    expect(zhNotice({ message: 'x', ...coded })).toBe('设置文件无效，已重新开始。旧文件未能移到一旁。');
  });
});

describe('a data folder another shell took', () => {
  it('refuses the write with storage.folderLost naming the folder, and says so once in a notice', async () => {
    const data = path.join(dir, 'data');
    const { core, events } = await openCore({ store: new FileStore(data) });
    await withProfile(core);
    const lost = new FolderLostError(data, 'the lock was compromised');
    const release = holdFolder([data], async () => {
      throw lost;
    });
    try {
      const e = error(await core.call('layouts:save', layout));
      expect(e).toMatchObject({ kind: 'storage', code: 'storage.folderLost', params: { dir: data } });
      zhWords(e);
      const notice = events.map(([, p]) => p as Notice).find((n) => n?.code === 'storage.folderLost');
      expect(notice).toMatchObject({ level: 'error', source: 'data-folder', params: { dir: data } });
      expect(zhNotice(notice!)).toMatch(/^此外壳已不再持有其数据文件夹 /);
      expect(folderLostNotice(lost)).toEqual(expect.objectContaining({ code: 'storage.folderLost' }));
    } finally {
      release();
    }
  });
});
