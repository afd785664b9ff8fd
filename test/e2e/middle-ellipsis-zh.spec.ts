import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWallSession, type WallSession } from '../bench/lib/wall-session';

/**
 * Chinese device names shortened in the middle, in Chromium at 1366 × 768 in zh-CN (fonts-noto-cjk):
 * the head gives way behind one ellipsis and the tail, chosen by width (a Han character is two
 * columns), shows whole, its number included. Before, a tail six Han characters long shrank by a
 * fraction of a pixel beside the head and showed an ellipsis of its own ("一号办公楼东侧地… …摄像机5").
 * The head's box is sized to what it draws, so no blank is left between its ellipsis and the tail
 * (before, \`text-overflow: ellipsis\` left up to a whole Han character of it).
 * Catalog rows at the default and the narrowest catalog width, and the wall's tile titles.
 * Screenshots in .tmp/screens.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;

beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
  wall = await openWallSession({ viewport: { width: 1366, height: 768 } });
  page = wall.page;
  await page
    .getByRole('button', { name: /^Open devices of / })
    .first()
    .waitFor({ timeout: 30_000 });
  await wall.settings({ language: 'zh-CN' });
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', undefined, { timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await wall?.close();
});

/**
 * How each shortened name of a region shows: its parts, what is cut, whether it fits its box, and
 * the blank between the head's drawn ellipsis and the tail (px). What the head draws is found with
 * the browser's own text layout: a span in the head's font holding the longest prefix that, with
 * "…", fits the head's box, as `text-overflow: ellipsis` draws it.
 */
const shownNames = (root: Locator) =>
  root.locator('[data-testid="mid-ellipsis"]').evaluateAll((names) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:0;top:0';
    document.body.append(probe);
    const drawnWidth = (head: HTMLElement): number => {
      const s = getComputedStyle(head);
      probe.style.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = head.getBoundingClientRect().width;
      const parts = Array.from(new Intl.Segmenter().segment(head.textContent ?? ''), (g) => g.segment);
      let best = 0;
      for (let n = 0; n < parts.length; n++) {
        probe.textContent = `${parts.slice(0, n).join('').trimEnd()}…`;
        const w = probe.getBoundingClientRect().width;
        if (w <= room + 0.01) best = w;
        else break;
      }
      return best;
    };
    const shown = names.map((name) => {
      const head = name.querySelector<HTMLElement>('.mid-ellipsis-head')!;
      const tail = name.querySelector<HTMLElement>('.mid-ellipsis-tail');
      const box = name.parentElement!.getBoundingClientRect();
      const t = tail?.getBoundingClientRect();
      const text = tail?.querySelector('.mid-ellipsis-tail-text')!.getBoundingClientRect();
      return {
        full: name.getAttribute('title') ?? '',
        tail: tail?.textContent ?? '',
        headCut: head.scrollWidth > head.clientWidth,
        // The tail's own ellipsis shows once its box is narrower than its text by any amount.
        tailCut: !!t && !!text && t.width < text.width - 0.01,
        tailInside: !t || (t.left >= box.left - 0.5 && t.right <= box.right + 0.5),
        gap: head.scrollWidth > head.clientWidth ? head.getBoundingClientRect().width - drawnWidth(head) : 0,
      };
    });
    probe.remove();
    return shown;
  });

/** Open a product's devices; resolves once a row of its own (named with `sample`) shows. */
async function openProduct(name: string, sample: string): Promise<Locator> {
  const back = page.getByTestId('back-to-products');
  if (await back.isVisible()) await back.click();
  await page.getByRole('button', { name: `打开 ${name} 的设备` }).click();
  const grid = page.getByTestId('device-grid');
  await grid.getByTestId('device-row').filter({ hasText: sample }).first().waitFor({ timeout: 30_000 });
  return grid;
}

describe('Chinese names shortened in the middle, measured by width', () => {
  it('shows a device name as one ellipsis and its whole tail, number included, at any catalog width', async () => {
    const grid = await openProduct('园区周界监控', '一号办公楼');
    const resizer = page.getByRole('separator').first();
    for (const width of ['default', 'narrowest'] as const) {
      if (width === 'narrowest') {
        await resizer.focus();
        await page.keyboard.press('Home');
        await expect
          .poll(() => resizer.getAttribute('aria-valuenow'))
          .toBe(await resizer.getAttribute('aria-valuemin'));
      }
      await page.screenshot({ path: `${SCREENS}/middle-ellipsis-zh-1366-${width}.png` });
      const names = (await shownNames(grid.getByTestId('device-row').locator('.cell-name'))).filter(
        (n) => n.tail,
      );
      // The long names of the demo ("一号办公楼东侧地面停车场出入口全景摄像机5") are split and cut.
      const long = names.filter((n) => n.full.startsWith('一号办公楼'));
      expect(long.length, width).toBeGreaterThan(0);
      expect(
        long.some((n) => n.headCut),
        width,
      ).toBe(true);
      for (const n of names) {
        expect(n, width).toMatchObject({ tailCut: false, tailInside: true });
        // The tail follows the ellipsis: no blank between (before, up to a Han character's width).
        expect(n.gap, `${width}: ${n.full}`).toBeLessThan(1.5);
        expect(n.full.endsWith(n.tail), width).toBe(true);
        expect(n.tail, width).toMatch(/\d+$/);
      }
      for (const n of long) expect(n.tail).toMatch(/^摄?像机\d+$/);
    }
  });

  it('shows the platform-station names of a second product the same way', async () => {
    const grid = await openProduct('地铁站台视频', '站台');
    await page.screenshot({ path: `${SCREENS}/middle-ellipsis-zh-1366-metro.png` });
    const names = (await shownNames(grid.getByTestId('device-row').locator('.cell-name'))).filter(
      (n) => n.tail,
    );
    const stations = names.filter((n) => /\d+号站台/.test(n.full));
    expect(stations.length).toBeGreaterThan(0);
    for (const n of names) {
      expect(n).toMatchObject({ tailCut: false, tailInside: true });
      expect(n.gap, n.full).toBeLessThan(1.5);
      expect(n.full.endsWith(n.tail)).toBe(true);
    }
    // "体育中心站4号站台下行": the tail starts with the platform's number, which tells them apart.
    for (const n of stations) expect(n.tail).toMatch(/^\d+号站台[上下]行$/);
  });

  it('titles a wall tile with the same split: the tail with its number whole', async () => {
    const keys = wall.deviceKeys.filter((k) => wall.deviceName(k).startsWith('一号办公楼')).slice(0, 4);
    expect(keys.length).toBe(4);
    await wall.showLayout(
      'zh-long-names',
      { columns: 4, rows: 4 },
      keys.map((deviceKey, i) => ({ deviceKey, column: i + 1, row: 1 })),
    );
    await page.screenshot({ path: `${SCREENS}/middle-ellipsis-zh-1366-wall.png` });
    const titles = await page.locator('[data-testid="wall-tile-name"]').evaluateAll((els) =>
      els.map((el) => {
        const tail = el.querySelector<HTMLElement>('.wall-tile-name-tail');
        const box = el.getBoundingClientRect();
        const t = tail?.getBoundingClientRect();
        return {
          full: el.textContent ?? '',
          tail: tail?.textContent ?? '',
          tailInside: !!t && t.left >= box.left - 0.5 && t.right <= box.right + 0.5,
          tailCut: !!tail && tail.scrollWidth > Math.ceil(t!.width),
        };
      }),
    );
    expect(titles).toHaveLength(4);
    for (const n of titles) {
      expect(n).toMatchObject({ tailInside: true, tailCut: false });
      expect(n.tail).toMatch(/^摄?像机\d+$/);
      expect(n.full.endsWith(n.tail)).toBe(true);
    }
  });
});
