import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LayoutTile } from '../../../electron/shared/layout';
import { openWallSession, type WallSession } from '../../bench/lib/wall-session';

/**
 * Whether an operator can reach every control in a small window (issue #30, and issue #32 for a
 * right-to-left page): the walk over what is open that finds controls outside the window, and the
 * 3 × 3 wall with a product's devices listed that the walk starts from.
 */

const SCREENS = '.tmp/screens';

/** What may be pressed or typed in. */
const CONTROLS =
  'button, a[href], input, select, textarea, [role^="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])';
/** What opens over or beside the wall. */
const OPEN_THINGS = '[role="menu"], [role="dialog"], dialog[open], [data-testid="side-panel"]';

/** A control outside the window: the open thing it is in, its name, and where it is. */
interface Outside {
  where: string;
  control: string;
  box: { top: number; left: number; bottom: number; right: number };
}

/**
 * Every visible control of every open menu, dialog and panel that lies outside the window and cannot
 * be scrolled into it (a control in a scrolling box that is itself inside the window is reachable).
 */
function controlsOutsideWindow(page: Page): Promise<Outside[]> {
  return page.evaluate(
    ({ controls, openThings }) => {
      const W = window.innerWidth;
      const H = window.innerHeight;
      const inWindow = (r: DOMRect) =>
        r.top >= -0.5 && r.left >= -0.5 && r.bottom <= H + 0.5 && r.right <= W + 0.5;
      const scrollsInWindow = (el: Element, root: Element) => {
        for (let at = el.parentElement; at && at !== root.parentElement; at = at.parentElement) {
          const s = getComputedStyle(at);
          const scrolls =
            (/(auto|scroll)/.test(s.overflowY) && at.scrollHeight > at.clientHeight) ||
            (/(auto|scroll)/.test(s.overflowX) && at.scrollWidth > at.clientWidth);
          if (scrolls) return inWindow(at.getBoundingClientRect());
        }
        return false;
      };
      const out: Outside[] = [];
      for (const root of document.querySelectorAll(openThings)) {
        const where =
          root.getAttribute('data-testid') ?? root.getAttribute('aria-label') ?? root.tagName.toLowerCase();
        const own = root.matches(controls) ? [root] : [];
        for (const el of [...own, ...root.querySelectorAll(controls)]) {
          const style = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          if (style.visibility === 'hidden' || style.display === 'none' || r.width === 0 || r.height === 0)
            continue;
          if (el.closest('[hidden]')) continue;
          if (inWindow(r) || scrollsInWindow(el, root)) continue;
          out.push({
            where,
            control: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 60),
            box: {
              top: Math.round(r.top),
              left: Math.round(r.left),
              bottom: Math.round(r.bottom),
              right: Math.round(r.right),
            },
          });
        }
      }
      return out;
    },
    { controls: CONTROLS, openThings: OPEN_THINGS },
  );
}

/** No control of an open menu, dialog or panel lies outside the window; `what` names it in the failure. */
export async function expectAllInside(page: Page, what: string): Promise<void> {
  expect(await controlsOutsideWindow(page), `${what}: controls outside the window`).toEqual([]);
}

/** One stop of the walk over what an operator can open. */
interface Visit {
  /** Opens it (a click). */
  open: () => Promise<unknown>;
  /** What shows once it is open (and goes once it is closed). */
  opened: Locator;
  /** Its name in a failure. */
  name: string;
  /** The case's own checks while it is open, before the screenshot. */
  check?: () => Promise<unknown>;
  /** Photographs it. */
  shoot?: () => Promise<unknown>;
  /** Closes it; Escape unless told. */
  close?: () => Promise<unknown>;
}

/**
 * Open a menu, dialog or panel, find none of its controls outside the window, run the case's checks,
 * photograph it, then close it and wait until it is gone.
 */
export async function visitInside(page: Page, visit: Visit): Promise<void> {
  await visit.open();
  await visit.opened.waitFor();
  await expectAllInside(page, visit.name);
  await visit.check?.();
  await visit.shoot?.();
  await (visit.close ?? (() => page.keyboard.press('Escape')))();
  await visit.opened.waitFor({ state: 'detached' });
}

/** Opens a tile's menu (shown on hover). */
export async function openTileMenu(tile: Locator): Promise<void> {
  await tile.hover();
  await tile.getByTestId('wall-tile-menu').click();
}

/**
 * A wall session in a window of this size showing a 3 × 3 view (`layoutId`) of the demo's first nine
 * devices, row by row; the screenshots' folder made. The caller opens the catalog (`openDevices`).
 */
export async function openNineTileWall(
  viewport: { width: number; height: number },
  layoutId: string,
  options: { liveMedia?: boolean } = {},
): Promise<{ wall: WallSession; nine: string[] }> {
  await mkdir(SCREENS, { recursive: true });
  const wall = await openWallSession({ viewport, ...options });
  const nine = wall.deviceKeys.slice(0, 9);
  const tiles: LayoutTile[] = nine.map((deviceKey, i) => ({
    deviceKey,
    column: (i % 3) + 1,
    row: Math.floor(i / 3) + 1,
  }));
  await wall.showLayout(layoutId, { columns: 3, rows: 3 }, tiles);
  return { wall, nine };
}

/** Open the first product's devices in the catalog; resolves once a device row shows. */
export async function openDevices(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Open devices of / })
    .first()
    .click();
  await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
}
