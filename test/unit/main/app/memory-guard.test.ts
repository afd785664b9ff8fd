import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatMiB,
  guardRendererMemory,
  memoryLimitMiB,
  pageMemoryKiB,
} from '../../../../electron/main/app/memory-guard';
import { createLogger } from '../../../../electron/core/logger';

let lines: string[];
let restarts: string[];
let figures: unknown[];
/** What the page's process holds at each reading, in MiB; null: not known. */
let readings: Array<number | null>;

function guard(limitMiB = 1536) {
  return guardRendererMemory({
    log: createLogger('wall-window', { sink: (line) => lines.push(line) }),
    readKiB: () => {
      const next = readings.shift();
      if (next === undefined) throw new Error('no reading left');
      return next === null ? null : next * 1024;
    },
    restart: (why, memory) => {
      restarts.push(why);
      figures.push(memory);
    },
    limitMiB,
  });
}
const minutes = (n: number) => vi.advanceTimersByTime(n * 60_000);

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  restarts = [];
  figures = [];
  readings = [];
});
afterEach(() => vi.useRealTimers());

describe('guardRendererMemory', () => {
  it('restarts the page once it stays over its limit three minutes in a row', () => {
    readings = [400, 1600, 1700, 2150, 500];
    guard();
    minutes(3);
    expect(restarts).toEqual([]);
    minutes(1);
    expect(restarts).toEqual(['it was using 2.1 GiB of memory, over its limit of 1.5 GiB']);
    // The same figures go with it, for the notice's code.
    expect(figures).toEqual([{ used: '2.1 GiB', limit: '1.5 GiB' }]);
    expect(lines.join('\n')).toMatch(/WARN .*holds 1.6 GiB, over its limit of 1.5 GiB/);
    // After the restart it counts from nothing again.
    minutes(1);
    expect(restarts).toHaveLength(1);
  });

  it('forgives a passing peak', () => {
    readings = [1600, 1600, 900, 1600, 1600, 900];
    guard();
    minutes(6);
    expect(restarts).toEqual([]);
    expect(lines.join('\n')).toContain('back under its memory limit (900 MiB)');
  });

  it('skips readings it cannot take, and keeps reading after one fails', () => {
    readings = [null, 1600, 1600, null, 1600];
    guard();
    minutes(5);
    expect(restarts).toHaveLength(1);
    minutes(1); // no reading left: the reader throws
    expect(lines.join('\n')).toContain("could not read the wall page's memory");
    readings = [1600, 1600, 1600];
    minutes(3);
    expect(restarts).toHaveLength(2);
  });

  it('stops reading when told', () => {
    readings = [1600, 1600, 1600];
    const stop = guard();
    minutes(1);
    stop();
    minutes(5);
    expect(readings).toHaveLength(2);
    expect(restarts).toEqual([]);
  });
});

describe('memoryLimitMiB', () => {
  it('is a quarter of the machine, within 1.5 and 3 GiB', () => {
    const gib = 2 ** 30;
    expect(memoryLimitMiB(4 * gib)).toBe(1536);
    expect(memoryLimitMiB(8 * gib)).toBe(2048);
    expect(memoryLimitMiB(64 * gib)).toBe(3072);
  });
});

describe('pageMemoryKiB', () => {
  const metrics = () =>
    [
      { pid: 10, type: 'Browser', memory: { workingSetSize: 90_000 } },
      { pid: 42, type: 'Tab', memory: { workingSetSize: 350_000 } },
    ] as never;
  const window = (pid: number, destroyed = false) => ({
    isDestroyed: () => destroyed,
    webContents: { getOSProcessId: () => pid } as never,
  });

  it("reads the working set of the page's own process", () => {
    expect(pageMemoryKiB(window(42), metrics)).toBe(350_000);
  });
  it('knows nothing of a page with no process, or a closed window', () => {
    expect(pageMemoryKiB(window(0), metrics)).toBeNull();
    expect(pageMemoryKiB(window(77), metrics)).toBeNull();
    expect(pageMemoryKiB(window(42, true), metrics)).toBeNull();
  });
});

it('formats sizes as an operator reads them', () => {
  expect(formatMiB(512.4)).toBe('512 MiB');
  expect(formatMiB(2150)).toBe('2.1 GiB');
});
