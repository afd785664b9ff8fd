import { describe, expect, it } from 'vitest';
import {
  clampInto,
  displayFor,
  displayOf,
  newWindowPlacement,
  onScreen,
  placeRecord,
  recordOf,
  type WindowRecord,
} from '../../../../electron/main/app/window-placement';
import type { DisplayInfo } from '../../../../electron/shared/contract';

const display = (
  id: number,
  x: number,
  y = 0,
  primary = false,
  width = 1920,
  height = 1080,
): DisplayInfo => ({
  id,
  label: `Display ${id}`,
  primary,
  bounds: { x, y, width, height },
  workArea: { x, y, width, height: height - 40 },
});
const left = display(1, 0, 0, true);
const right = display(2, 1920);
const portrait = display(3, -1080, 0, false, 1080, 1920);

const record = (over: Partial<WindowRecord>): WindowRecord => ({
  layoutId: 'gate',
  displayId: 2,
  bounds: { x: 2020, y: 100, width: 1200, height: 800 },
  workArea: right.workArea,
  fullscreen: false,
  ...over,
});

describe('displayFor', () => {
  it('the display by id, else the primary, else the first', () => {
    expect(displayFor(2, [left, right]).id).toBe(2);
    expect(displayFor(9, [right, left]).id).toBe(1);
    expect(displayFor(undefined, [right, left]).id).toBe(1);
    expect(displayFor(9, [right, portrait]).id).toBe(2);
  });
});

describe('clampInto', () => {
  const area = { x: 0, y: 0, width: 1920, height: 1040 };
  it('moves a window back inside the area, keeping its size', () => {
    expect(clampInto({ x: 1800, y: -50, width: 800, height: 600 }, area)).toEqual({
      x: 1120,
      y: 0,
      width: 800,
      height: 600,
    });
    expect(clampInto({ x: -4000, y: 3000, width: 800, height: 600 }, area)).toEqual({
      x: 0,
      y: 440,
      width: 800,
      height: 600,
    });
  });
  it('makes a window larger than the area fit it', () => {
    expect(clampInto({ x: 10, y: 10, width: 4000, height: 3000 }, area)).toEqual(area);
  });
});

describe('placeRecord', () => {
  it('restores a window where it was when its display is there and it lies on screen', () => {
    expect(placeRecord(record({}), [left, right])).toEqual({
      display: right,
      bounds: { x: 2020, y: 100, width: 1200, height: 800 },
      fullscreen: false,
    });
  });

  it('keeps a window that spans two displays as it is (a wall across two monitors)', () => {
    const span = record({
      displayId: 1,
      bounds: { x: 0, y: 0, width: 3840, height: 1040 },
      workArea: left.workArea,
    });
    expect(placeRecord(span, [left, right]).bounds).toEqual({ x: 0, y: 0, width: 3840, height: 1040 });
  });

  it('display gone: on the primary display, at the same place in its work area, saying why', () => {
    const placed = placeRecord(record({ fullscreen: true }), [left]);
    expect(placed).toEqual({
      display: left,
      bounds: { x: 100, y: 100, width: 1200, height: 800 },
      fullscreen: true,
      moved: 'display-gone',
    });
  });

  it('display gone, onto a smaller primary: shrunk and moved to lie inside it', () => {
    const small = { ...display(7, 0, 0, true, 1366, 768) };
    const placed = placeRecord(record({ bounds: { x: 2500, y: 300, width: 1600, height: 900 } }), [small]);
    expect(placed.bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
    expect(onScreen(placed.bounds, [small])).toBe(true);
  });

  it('off-screen on its own display (the arrangement or resolution changed): clamped into the work area', () => {
    const off = record({ bounds: { x: 3500, y: 900, width: 1200, height: 800 } });
    const placed = placeRecord(off, [left, right]);
    expect(placed.moved).toBe('clamped');
    expect(placed.bounds).toEqual({ x: 2640, y: 240, width: 1200, height: 800 });
  });

  it('a display that moved in the arrangement: the window moves with it', () => {
    const movedRight = display(2, 0, 1080); // now below the primary instead of beside it
    const placed = placeRecord(record({}), [left, movedRight]);
    expect(placed.display.id).toBe(2);
    expect(placed.bounds).toEqual({ x: 100, y: 1180, width: 1200, height: 800 });
  });

  it('never off-screen, whatever was saved', () => {
    const sets = [[left], [left, right], [right, portrait], [portrait]];
    const saved = [
      record({}),
      record({
        displayId: 3,
        bounds: { x: -5000, y: -5000, width: 300, height: 300 },
        workArea: portrait.workArea,
      }),
      record({
        displayId: 1,
        bounds: { x: 100, y: 100, width: 9000, height: 9000 },
        workArea: left.workArea,
      }),
    ];
    for (const displays of sets)
      for (const r of saved) expect(onScreen(placeRecord(r, displays).bounds, displays)).toBe(true);
  });
});

describe('newWindowPlacement, displayOf, recordOf', () => {
  it('a new view window fills its display’s work area', () => {
    expect(newWindowPlacement(right)).toEqual({ display: right, bounds: right.workArea, fullscreen: false });
  });

  it('a window is on the display its centre is on; off every display, the one it overlaps most or the primary', () => {
    expect(displayOf({ x: 1800, y: 0, width: 400, height: 300 }, [left, right]).id).toBe(2);
    expect(displayOf({ x: 1850, y: 1000, width: 100, height: 200 }, [left, right]).id).toBe(1);
    expect(displayOf({ x: 9000, y: 9000, width: 100, height: 100 }, [right, left]).id).toBe(1);
  });

  it('a record names the display and its work area', () => {
    expect(recordOf('gate', { x: 2000, y: 50, width: 800, height: 600 }, true, [left, right])).toEqual({
      layoutId: 'gate',
      displayId: 2,
      bounds: { x: 2000, y: 50, width: 800, height: 600 },
      workArea: right.workArea,
      fullscreen: true,
    });
  });
});
