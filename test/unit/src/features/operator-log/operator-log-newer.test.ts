import { describe, expect, it, vi } from 'vitest';
import { OperatorLog } from '../../../../../electron/core/operator-log';
import type { OperatorEventInput } from '../../../../../electron/shared/contract';

// The hook's module reaches the core through the bridge; withNewer itself does not.
vi.mock('../../../../../src/lib/bridge', () => ({ api: {} }));
const { withNewer } = await import('../../../../../src/features/operator-log/use-operator-log');

/**
 * The operator log panel's live updates: after an append it reads only the newest entries (one more
 * than were announced) from the real core log and puts the new ones on top of what it shows, older
 * pages included; when the answer may not reach back to the shown entries, it says read again.
 */
const event = (i: number, deviceKey = `d${i % 3}`): OperatorEventInput => ({
  at: 1_700_000_000_000 + i * 1000,
  kind: i % 2 ? 'stale' : 'recovered',
  deviceKey,
});

async function logWith(count: number): Promise<OperatorLog> {
  const log = new OperatorLog();
  await log.append(Array.from({ length: count }, (_, i) => event(i)));
  return log;
}

describe('withNewer (the operator log panel’s live updates)', () => {
  it('puts the appended entries on top and keeps the older pages the operator opened', async () => {
    const log = await logWith(250);
    const first = log.list({ limit: 100 });
    const older = log.list({ beforeId: first.entries.at(-1)!.id, limit: 100 });
    const shown = [...first.entries, ...older.entries];
    await log.append([event(300), event(301), event(302)]);

    const merged = withNewer(shown, log.list({ limit: 4 }), 4);
    expect(merged).not.toBeNull();
    expect(merged!.map((e) => e.id)).toEqual(log.list({ limit: 203 }).entries.map((e) => e.id));
    expect(merged).toHaveLength(203);
  });

  it('under a filter: only matching entries come, none twice', async () => {
    const log = await logWith(30);
    const shown = log.list({ device: 'd1' }).entries;
    await log.append([event(40, 'd1'), event(41, 'd2'), event(42, 'd1')]);

    const merged = withNewer(shown, log.list({ device: 'd1', limit: 4 }), 4);
    expect(merged!.map((e) => e.id)).toEqual(log.list({ device: 'd1' }).entries.map((e) => e.id));
    expect(new Set(merged!.map((e) => e.id)).size).toBe(merged!.length);
  });

  it('nothing new matching: the shown list stays as it was (no re-render)', async () => {
    const log = await logWith(10);
    const shown = log.list({ device: 'd1' }).entries;
    await log.append([event(20, 'd2')]);
    expect(withNewer(shown, log.list({ device: 'd1', limit: 2 }), 2)).toBe(shown);
  });

  it('more appended than announced (the next announcement still on its way): read again, none skipped', async () => {
    const log = await logWith(10);
    const shown = log.list({}).entries;
    // Two were announced, four are in the log by the time the panel asks.
    await log.append([event(20), event(21), event(22), event(23)]);
    expect(withNewer(shown, log.list({ limit: 3 }), 3)).toBeNull();
  });

  it('an empty panel takes whatever came', async () => {
    const log = await logWith(0);
    await log.append([event(1), event(2)]);
    expect(withNewer([], log.list({ limit: 3 }), 3)!.map((e) => e.kind)).toEqual(['recovered', 'stale']);
  });
});
