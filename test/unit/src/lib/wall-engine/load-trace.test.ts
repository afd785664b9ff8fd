import { afterEach, describe, expect, it, vi } from 'vitest';
import { traceLoad } from '../../../../../src/lib/wall-engine/load-trace';

describe('the load trace (what the wall benchmark reads back)', () => {
  afterEach(() => {
    delete (globalThis as { __wallLoadTrace?: unknown }).__wallLoadTrace;
    vi.restoreAllMocks();
  });

  const decisions = new Map([
    ['a', { rate: 'full' as const, reason: null }],
    ['b', { rate: 'overview' as const, reason: 'load' as const }],
    ['c', { rate: 'full' as const, reason: null }],
  ]);
  const reading = {
    level: 'healthy' as const,
    score: 0.64,
    reason: 'pictures 0.1 s more behind live each second',
    signals: 'dropped 0.24 backlog 0.89',
  };

  it('says nothing unless the page asked for it: a wall that runs for days logs changes only', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    traceLoad(reading, 34.8, decisions);
    expect(info).not.toHaveBeenCalled();
  });

  it('asked, one line a reading: the level, score, reason, each signal, and the tiles at each rate', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    (globalThis as { __wallLoadTrace?: unknown }).__wallLoadTrace = true;
    traceLoad(reading, 34.8, decisions);
    expect(info).toHaveBeenCalledWith(
      '[wall] decode budget load: healthy 0.64 (pictures 0.1 s more behind live each second) [dropped 0.24 backlog 0.89]; 2 full, 1 overview, capacity 34.8',
    );
  });
});
