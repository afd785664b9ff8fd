import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Layout } from '../../../../../electron/shared/layout';
import { RoomReportInputSchema, type RoomReportInput } from '../../../../../electron/shared/room';
import { ReportThrottle, screenReport } from '../../../../../src/features/room/screen-report';
import { stateOfDevice } from '../../../../../src/features/room/engine-tile-states';
import { screenRefusal } from '../../../../../src/features/room/screen-refusal';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// "Room: Lobby" below is the English name a room view takes on the wall.
startI18n('en');

const lobby: Layout = {
  id: 'room.wall-left',
  name: 'Room: Lobby',
  profileId: 'p1',
  grid: { columns: 2, rows: 1 },
  tiles: [
    { deviceKey: 'cam-1', deviceName: 'Gate', column: 1, row: 1 },
    { deviceKey: 'cam-2', column: 2, row: 1 },
  ],
};

describe('what a screen reports', () => {
  it('the revision applied, the view shown and each tile’s state in the room’s words', () => {
    const report = screenReport('wall-left', { rev: 4, rejected: null }, { layout: lobby, tour: null }, [
      { label: 'cam-1', state: 'playing' },
      { label: 'cam-2', state: 'reconnecting' },
    ]);
    expect(report).toEqual({
      screen: 'wall-left',
      rev: 4,
      shows: { kind: 'view', name: 'Lobby', grid: { columns: 2, rows: 1 } },
      tiles: [
        { column: 1, row: 1, deviceKey: 'cam-1', deviceName: 'Gate', state: 'playing' },
        { column: 2, row: 1, deviceKey: 'cam-2', state: 'connecting' },
      ],
      rejected: undefined,
    });
    expect(RoomReportInputSchema.safeParse(report).success).toBe(true);
  });

  it('a running tour by name with its page’s tiles, nothing when the wall is empty, and a refusal', () => {
    const touring = screenReport(
      's',
      { rev: 2, rejected: { rev: 3, ...screenRefusal('noProfile', { pc: 'pc-3' }) } },
      { layout: null, tour: { name: 'Night', page: { kind: 'view', layout: lobby, name: 'Lobby' } } },
      [{ label: 'cam-2', state: 'paused-hidden' }],
    );
    expect(touring.shows).toEqual({ kind: 'tour', name: 'Night' });
    expect(touring.tiles.map((t) => t.state)).toEqual(['idle', 'paused']);
    // The refusal goes out coded, for each console to word in its own language.
    expect(touring.rejected).toEqual({
      rev: 3,
      reason: 'no profile is selected on pc-3, so it cannot resolve the devices (select one there)',
      reasonCode: 'room.rejected.noProfile',
      reasonParams: { pc: 'pc-3' },
    });
    expect(RoomReportInputSchema.safeParse(touring).success).toBe(true);
    const empty = screenReport('s', { rev: 0, rejected: null }, { layout: null, tour: null }, []);
    expect(empty.shows).toEqual({ kind: 'none' });
    expect(empty.tiles).toEqual([]);
  });

  it('a device on two tiles counts as its best state', () => {
    const states = [
      { label: 'a', state: 'failed' as const },
      { label: 'a', state: 'playing' as const },
    ];
    expect(stateOfDevice(states, 'a')).toBe('playing');
    expect(stateOfDevice(states, 'b')).toBe('idle');
  });
});

describe('sending reports', () => {
  afterEach(() => vi.useRealTimers());
  const report = (rev: number): RoomReportInput => ({
    screen: 's',
    rev,
    shows: { kind: 'none' },
    tiles: [],
    rejected: undefined,
  });

  it('on change only, at most once a second, the latest of a burst', () => {
    vi.useFakeTimers();
    let now = 0;
    const sent: number[] = [];
    const throttle = new ReportThrottle(
      async (r) => sent.push(r.rev),
      1_000,
      () => now,
    );
    throttle.offer(report(1));
    throttle.offer(report(1));
    expect(sent).toEqual([1]);
    now = 200;
    throttle.offer(report(2));
    throttle.offer(report(3));
    expect(sent).toEqual([1]);
    now = 1_000;
    vi.advanceTimersByTime(800);
    expect(sent).toEqual([1, 3]);
    now = 5_000;
    throttle.offer(report(3));
    expect(sent).toEqual([1, 3]);
    throttle.reset();
    throttle.offer(report(3));
    expect(sent).toEqual([1, 3, 3]);
    throttle.stop();
  });
});
