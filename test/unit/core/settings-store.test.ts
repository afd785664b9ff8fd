import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import type { NoticeInput } from '../../../electron/core/ports';
import { SettingsStore } from '../../../electron/core/settings-store';
import { DEFAULT_SETTINGS } from '../../../electron/shared/settings';

let dir: string;
let notices: NoticeInput[];
const open = () => new SettingsStore(new FileStore(dir), (n) => notices.push(n));
const file = () => path.join(dir, 'settings.json');
const onDisk = async () => JSON.parse(await readFile(file(), 'utf8')) as { version: number; data: unknown };

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-'));
  notices = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts from the defaults and keeps changes across restarts, in a versioned file', async () => {
    expect(await open().get()).toEqual(DEFAULT_SETTINGS);
    const next = await open().set({
      statsOverlay: true,
      kiosk: { locked: true },
      transportOrder: ['hls', 'flv'],
    });
    expect(next.kiosk).toEqual({ enabled: false, startLayout: null, locked: true, startAtLogin: false });
    const again = await open().get();
    expect(again).toMatchObject({
      statsOverlay: true,
      transportOrder: ['hls', 'flv'],
      kiosk: { locked: true },
    });
    expect((await onDisk()).version).toBe(3);
    expect(notices).toEqual([]);
  });

  it('migrates a format 1 file: new fields take their defaults, a stored order without WebRTC gains it last', async () => {
    const { decodeBudget: _d, sustainedPixelRate: _s, language: _l, ...format1 } = DEFAULT_SETTINGS;
    await writeFile(
      file(),
      JSON.stringify({
        version: 1,
        data: {
          ...format1,
          transportOrder: ['hls', 'ws-flv'],
          kiosk: { enabled: false, startLayout: null, locked: true },
        },
      }),
    );
    const settings = await open().get();
    expect(settings.transportOrder).toEqual(['hls', 'ws-flv', 'webrtc']);
    expect(settings.decodeBudget).toBe(true);
    expect(settings.sustainedPixelRate).toBeNull();
    expect(settings.kiosk).toEqual({ enabled: false, startLayout: null, locked: true, startAtLogin: false });
    expect((await onDisk()).version).toBe(3);
  });

  it('migrates a format 2 file (before languages): it follows the system language, silently', async () => {
    const { language: _l, ...format2 } = DEFAULT_SETTINGS;
    await writeFile(file(), JSON.stringify({ version: 2, data: { ...format2, statsOverlay: true } }));
    const settings = await open().get();
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, statsOverlay: true, language: 'auto' });
    expect(await onDisk()).toEqual({ version: 3, data: settings });
    expect(notices).toEqual([]);
  });

  it('takes a language by patch and refuses one it does not support', async () => {
    expect((await open().set({ language: 'zh-CN' })).language).toBe('zh-CN');
    expect((await open().get()).language).toBe('zh-CN');
    await expect(open().set({ language: 'fr' as never })).rejects.toThrow();
    expect((await open().get()).language).toBe('zh-CN');
  });

  it('refuses an invalid patch and keeps what was stored', async () => {
    const store = open();
    await expect(store.set({ transportOrder: ['flv', 'flv'] })).rejects.toThrow(
      'each transport at most once',
    );
    await expect(store.set({ hiddenTileGraceSeconds: -1 })).rejects.toThrow();
    expect(await open().get()).toEqual(DEFAULT_SETTINGS);
  });

  it('migrates an unversioned (format 0) settings file to the current format, filling what it lacks', async () => {
    await writeFile(
      file(),
      JSON.stringify({
        statsOverlay: true,
        statusLegend: { deviceStatus: { '1': 'online' } },
        kiosk: { enabled: false },
      }),
    );
    const settings = await open().get();
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      statsOverlay: true,
      statusLegend: { deviceStatus: { '1': 'online' }, productStatus: {} },
    });
    expect(await onDisk()).toEqual({ version: 3, data: settings });
    expect(notices).toEqual([]);
  });

  it('keeps a corrupt file aside, reports where, and starts from the defaults', async () => {
    await writeFile(file(), '{"version": 1, "data": {"statsOverlay": tru');
    expect(await open().get()).toEqual(DEFAULT_SETTINGS);
    const kept = (await readdir(dir)).filter((f) => f.startsWith('settings.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(await readFile(path.join(dir, kept[0]), 'utf8')).toBe(
      '{"version": 1, "data": {"statsOverlay": tru',
    );
    expect(notices).toEqual([
      expect.objectContaining({ level: 'warning', source: 'settings', keptAt: path.join(dir, kept[0]) }),
    ]);
    expect(notices[0].message).toMatch(
      /^The settings file could not be read \(not valid JSON.*started afresh.*kept at/,
    );
  });

  it('keeps the valid fields of an invalid file, the whole original aside, and names what was lost', async () => {
    const original = JSON.stringify({
      version: 1,
      data: { ...DEFAULT_SETTINGS, statsOverlay: true, hiddenTileGraceSeconds: 'ten' },
    });
    await writeFile(file(), original);
    const settings = await open().get();
    expect(settings.statsOverlay).toBe(true);
    expect(settings.hiddenTileGraceSeconds).toBe(DEFAULT_SETTINGS.hiddenTileGraceSeconds);
    expect(notices[0].message).toContain('hiddenTileGraceSeconds');
    expect(await readFile(notices[0].keptAt!, 'utf8')).toBe(original);
    expect((await onDisk()).data).toEqual(settings);
  });

  it('does not overwrite a file from a newer version of the app: it is kept aside', async () => {
    const future = JSON.stringify({ version: 7, data: { whatever: true } });
    await writeFile(file(), future);
    expect(await open().get()).toEqual(DEFAULT_SETTINGS);
    expect(notices[0].message).toContain('written by a newer version of the app (format 7');
    expect(await readFile(notices[0].keptAt!, 'utf8')).toBe(future);
  });
});
