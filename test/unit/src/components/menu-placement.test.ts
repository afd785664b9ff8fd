import { describe, expect, it } from 'vitest';
import { placeMenu, type Box } from '../../../../src/components/menu-placement';

/** The window of the issue: 1366 × 768. */
const WINDOW: Box = { top: 0, left: 0, bottom: 768, right: 1366 };
const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const moved = (menu: Box, at: { dx: number; dy: number }): Box => ({
  top: menu.top + at.dy,
  bottom: menu.bottom + at.dy,
  left: menu.left + at.dx,
  right: menu.right + at.dx,
});
const inside = (b: Box, outer: Box) =>
  b.top >= outer.top && b.left >= outer.left && b.bottom <= outer.bottom && b.right <= outer.right;

describe('a menu kept inside the window', () => {
  it('stays where it is when it fits', () => {
    const at = placeMenu(box(100, 128, 200, 300), box(270, 100, 24, 24), WINDOW);
    expect(at).toMatchObject({ dx: 0, dy: 0, up: false, left: false });
    expect(at.maxHeight).toBeUndefined();
  });

  it('opens above its button when a bottom-row tile’s menu would reach y≈863 of 768', () => {
    const button = box(1300, 560, 24, 24);
    const menu = box(1124, 588, 200, 275); // bottom 863, as the issue saw it
    const at = placeMenu(menu, button, WINDOW);
    expect(at.up).toBe(true);
    const now = moved(menu, at);
    expect(now.bottom).toBeLessThanOrEqual(button.top);
    expect(inside(now, WINDOW)).toBe(true);
  });

  it('opens leftwards from its button’s right edge when it would cross the right edge', () => {
    const button = box(1330, 40, 24, 24);
    const menu = box(1330, 68, 210, 120);
    const at = placeMenu(menu, button, WINDOW);
    expect(at.left).toBe(true);
    const now = moved(menu, at);
    expect(now.right).toBe(button.right);
    expect(inside(now, WINDOW)).toBe(true);
  });

  it('is pushed inside, and scrolls, when it fits neither below nor above', () => {
    const button = box(600, 300, 24, 24);
    const menu = box(600, 328, 200, 900);
    const at = placeMenu(menu, button, WINDOW);
    expect(at.maxHeight).toBeLessThanOrEqual(768);
    const now = moved(menu, at);
    expect(now.top).toBeGreaterThanOrEqual(0);
  });

  it('in a right-to-left page, opens rightwards from its button’s left edge when it would cross the left edge', () => {
    // The menu hangs from its button's right edge (inset-inline-start: 0 in a right-to-left page).
    const button = box(12, 40, 24, 24);
    const menu = box(36 - 210, 68, 210, 120);
    const at = placeMenu(menu, button, WINDOW, { direction: 'rtl' });
    expect(at).toMatchObject({ right: true, left: false, up: false });
    const now = moved(menu, at);
    expect(now.left).toBe(button.left);
    expect(inside(now, WINDOW)).toBe(true);
  });

  it('wider than the window, keeps its start in view: the left edge, or the right one right-to-left', () => {
    const button = box(600, 40, 24, 24);
    const menu = box(-20, 68, 1400, 120);
    expect(moved(menu, placeMenu(menu, button, WINDOW)).left).toBe(4);
    expect(moved(menu, placeMenu(menu, button, WINDOW, { direction: 'rtl' })).right).toBe(1366 - 4);
    const spillingRight = box(300, 68, 1400, 120);
    expect(moved(spillingRight, placeMenu(spillingRight, button, WINDOW, { direction: 'rtl' })).right).toBe(
      1366 - 4,
    );
  });

  it('keeps inside a smaller box that clips it (a panel that scrolls)', () => {
    const panel = box(900, 60, 466, 600);
    const button = box(1200, 600, 24, 24);
    const menu = box(1200, 628, 180, 150);
    const at = placeMenu(menu, button, panel);
    expect(inside(moved(menu, at), panel)).toBe(true);
  });
});
