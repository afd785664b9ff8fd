import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebShellSession } from '../support/web-shell';
import { openChineseShell } from './pages/zh-session';

/**
 * A notice the core raises on its own (issue #32, item 4) reaches an operator who reads Chinese in
 * Chinese: the core codes it, the page words it. Here the kiosk's start layout is removed, so the
 * core turns kiosk mode off and says so, in real Chromium through the browser shell.
 */
describe('the core’s notices, in Chinese', () => {
  let s: WebShellSession;

  beforeAll(async () => {
    s = await openChineseShell();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('words a coded notice from its code, not the core’s English', async () => {
    const started = await s.call('demo:start');
    if (!started.ok) throw new Error(started.error.message);
    const saved = await s.call('layouts:save', {
      name: 'Start',
      profileId: started.value.profile.id,
      grid: { columns: 1, rows: 1 },
      tiles: [],
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const kiosk = await s.call('settings:set', { kiosk: { enabled: true, startLayout: saved.value.id } });
    if (!kiosk.ok) throw new Error(kiosk.error.message);
    const removed = await s.call('layouts:remove', { id: saved.value.id });
    expect(removed).toMatchObject({ ok: true, value: { removed: true } });

    const notice = s.page.getByTestId('notice').filter({ hasText: '展台的起始布局已被删除' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.locator('.notice-message').textContent()).toMatch(
      /^展台的起始布局已被删除，因此展台模式已关闭。/,
    );
    await expect(s.page.getByText('The kiosk start layout was removed').count()).resolves.toBe(0);
  }, 120_000);
});
