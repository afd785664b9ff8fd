import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebShellSession } from '../support/web-shell';
import { englishWords } from './pages/english-scan';
import { SCREENS, openChineseShell } from './pages/zh-session';

/**
 * The first run, the profiles dialog and Settings in Chinese (issue #32), at 1366 × 768 in Chromium
 * through the browser shell against the demo platform: each screen is photographed into
 * .tmp/screens/ for a person to look at, and none shows an English word outside codes, URLs, the
 * names of protocols and the operator's own data.
 */

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

let s: WebShellSession;
let page: Page;

beforeAll(async () => {
  s = await openChineseShell();
  page = s.page;
});

afterAll(async () => {
  await s?.close();
});

describe('profiles and settings in Chinese at 1366 × 768', () => {
  it('the first run and its profile form', async () => {
    const first = page.getByTestId('first-run');
    await first.getByText('使用内置演示平台体验').waitFor();
    await shoot(page, 'zh-first-run');
    await page.getByTestId('choose-connect').click();
    const form = page.getByTestId('profile-form');
    await form.getByLabel('基础 URL', { exact: true }).fill('http://192.0.2.10:8080/api');
    await form.getByTestId('media-host-toggle').click();
    await form.getByRole('button', { name: '保存配置' }).click();
    await form.getByTestId('profile-form-error').waitFor();
    await shoot(page, 'zh-first-run-form');
    const appName = (await page.locator('h1').textContent()) ?? '';
    expect(await englishWords(first, [appName])).toEqual([]);
    await form.getByRole('button', { name: '取消' }).click();
  });

  it('the profiles dialog: list, a connection test, a new profile', async () => {
    const started = await s.call('demo:start');
    if (!started.ok) throw new Error(started.error.message);
    const demo = started.value.profile;
    await page.getByTestId('manage-profiles').waitFor();
    const data = [demo.name, demo.baseUrl];
    expect(await englishWords(page.getByTestId('profile-switcher'), data)).toEqual([]);

    await page.getByTestId('manage-profiles').click();
    const dialog = page.getByTestId('profiles-dialog');
    await dialog.getByTestId('profile-item').first().waitFor();
    await shoot(page, 'zh-profiles-list');
    expect(await englishWords(dialog, data)).toEqual([]);

    // The name the core gave the demo profile is worded in the reader's language.
    await dialog.getByRole('button', { name: '编辑 演示平台' }).click();
    const form = dialog.getByTestId('profile-form');
    await form.getByRole('button', { name: '测试连接' }).click();
    await form.getByTestId('connection-test').waitFor({ timeout: 60_000 });
    await dialog.getByTestId('connection-test').scrollIntoViewIfNeeded();
    await shoot(page, 'zh-profiles-test');
    expect(await englishWords(dialog, data)).toEqual([]);
    await form.getByRole('button', { name: '取消' }).click();

    await dialog.getByTestId('add-profile').click();
    await form.getByRole('radio', { name: '项目', exact: true }).check();
    await form.getByRole('button', { name: '保存配置' }).click();
    await form.getByTestId('profile-form-error').waitFor();
    await shoot(page, 'zh-profiles-new');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Settings, section by section', async () => {
    await page.getByTestId('open-settings').click();
    const settings = page.getByTestId('settings-dialog');
    await settings.getByTestId('playback-settings').waitFor();
    await shoot(page, 'zh-settings-playback');
    const nav = settings.getByRole('navigation');
    for (const [section, name] of [
      ['解码预算', 'zh-settings-budget'],
      ['展台模式', 'zh-settings-kiosk'],
      ['诊断', 'zh-settings-diagnostics'],
    ] as const) {
      await nav.getByRole('button', { name: section, exact: true }).click();
      await shoot(page, name);
    }
    // Each section's own errors and unsaved state, in its words.
    await settings.getByLabel('隐藏画面宽限时间').fill('99999');
    await settings.getByTestId('sustained-pixel-rate').fill('x');
    await settings.getByTestId('copy-diagnostics').click();
    await settings.getByTestId('diagnostics-status').locator('span').waitFor();
    await shoot(page, 'zh-settings-diagnostics-copied');
    const info = await s.call('app:info');
    const appInfo = info.ok ? info.value : undefined;
    const data = [
      appInfo?.name ?? '',
      appInfo?.version ?? '',
      appInfo?.platform ?? '',
      appInfo?.storageDescription ?? '',
    ].filter(Boolean);
    expect(await englishWords(settings, data)).toEqual([]);
  });
});
