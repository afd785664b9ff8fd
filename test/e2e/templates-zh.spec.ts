import { describe, expect, it } from 'vitest';
import { SCREENS, page, speak, useSmallWall, wall } from './pages/zh-session';

/**
 * The archive template panel in Simplified Chinese (issue #32), in Chromium through the browser shell
 * against the demo platform: labels, the problem count and list, the field problems of the form and
 * the shared rule book, and an import's syntax error all speak Chinese; switching back to English
 * re-words what is on screen without a restart. Screenshots at 1366 × 768 in .tmp/screens.
 */

useSmallWall();

/** The panel's words a person reads, the data aside (identifiers, keys, codes in monospace). */
const uiWords = (root: string) =>
  page.locator(root).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll('.mono, .tpl-param-name, .tpl-param-type, textarea'))
      data.remove();
    const attributes = [...copy.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((el) =>
      ['title', 'aria-label', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    // Text node by text node: "或粘贴 JSON" beside "JSON 语法错误" must not read "JSONJSON".
    const texts: string[] = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    return [...texts, ...attributes].join('\n');
  });

/**
 * Latin words of three letters or more that are not the platform's codes or the demo's data
 * ("temperature" is the identifier placeholder's example: identifiers are ASCII in every language).
 */
const englishIn = (text: string) =>
  (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter(
    (w) =>
      ![
        'INTEGER',
        'FLOAT',
        'DOUBLE',
        'STRING',
        'JSON',
        'Alt',
        'Esc',
        'Demo',
        'platform',
        'temp',
        'temperature',
        'KiB',
      ].includes(w),
  );

describe('the template panel in Chinese (zh-CN)', () => {
  it('words the form, its problems and an import in Chinese, and back in English', async () => {
    await speak(wall.session, 'zh-CN');
    await page.getByTestId('open-templates').click();
    const panel = page.getByTestId('template-panel');
    await panel.getByTestId('template-form').waitFor({ timeout: 30_000 });
    await expect(panel.locator('.tpl-panel-title').textContent()).resolves.toBe('归档模板');

    const param = panel.getByTestId('template-parameter').first();
    await panel.locator('[data-path="name"]').fill('冷库读数');
    await param.locator('[data-path="parameters[0].identifier"]').fill('temp');
    await param.locator('[data-path="parameters[0].map.min"]').fill('1,5');
    await param.locator('[data-path="parameters[0].map.max"]').fill('1e3');
    await param.locator('[data-path="parameters[0].map.min"]').blur();
    const summary = panel.getByTestId('problem-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^发送前需解决 3 个问题/);
    await summary.getByRole('button', { name: '显示' }).click();
    // The form's own check and the shared rule book, each at its place, in Chinese.
    await expect(summary.locator('li').allTextContents()).resolves.toEqual([
      '项目密钥：必须填写项目密钥',
      '参数 1（temp） · 名称：必须填写名称',
      '参数 1（temp） · 最小值：小数请用点号（写“1.5”，不要写“1,5”），且不要用千位分隔符',
    ]);
    await expect(panel.getByTestId('send-reason').textContent()).resolves.toBe('请先解决 3 个问题');
    // "1e3" is sent as 1000: the hint under the field says so.
    const max = param.locator('[data-path="parameters[0].map.max"]');
    const hintId = ((await max.getAttribute('aria-describedby')) ?? '').split(' ')[0];
    await expect(page.locator(`[id="${hintId}"]`).textContent()).resolves.toBe('将发送为 1000');
    await page.screenshot({ path: `${SCREENS}/templates-zh-problems-1366.png` });
    expect(englishIn(await uiWords('[data-testid="template-panel"]'))).toEqual([]);

    await panel.getByTestId('template-import').click();
    const dialog = page.getByTestId('template-import-dialog');
    await dialog.getByTestId('import-text').fill('{\n  "name": "坏的",\n  "desc": ""\n  "parameters": []\n}');
    await dialog.getByRole('button', { name: '载入粘贴的文本' }).click();
    await expect(dialog.getByTestId('import-error').textContent()).resolves.toBe(
      'JSON 语法错误，第 4 行第 3 列：此处应为“,”或“}”，实际是"\\""',
    );
    await page.screenshot({ path: `${SCREENS}/templates-zh-import-1366.png` });
    expect(englishIn(await uiWords('[data-testid="template-import-dialog"]'))).toEqual([]);

    // English again, without a restart: what is on screen is worded anew.
    await speak(wall.session, 'en');
    await expect(dialog.getByTestId('import-error').textContent()).resolves.toBe(
      'JSON syntax error at line 4, column 3: expected "," or "}" but found "\\""',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(summary.locator('li').first().textContent()).resolves.toBe(
      'Project key: project key is required',
    );
  }, 120_000);
});
