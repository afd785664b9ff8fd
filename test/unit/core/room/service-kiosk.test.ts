import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, value } from '../../../support/core-harness';
import { roomPc, screenAt, type RoomPc } from '../../../support/room-cores';
import { startAedes, until, type TestBroker } from '../../../support/room-parts';

/**
 * A locked kiosk still obeys the room (the lock governs local edits): a console's command is applied
 * and reported, while the kiosk itself cannot send commands.
 */

let broker: TestBroker;
let consolePc: RoomPc;
let kioskPc: RoomPc;

beforeAll(async () => {
  broker = await startAedes();
  consolePc = await roomPc({ pcName: 'console-1', brokerUrl: broker.url });
  kioskPc = await roomPc({ pcName: 'lobby-kiosk', brokerUrl: broker.url });
  await kioskPc.core.importProvisioning(
    JSON.stringify({
      version: 1,
      layouts: [{ id: 'wall', name: 'Wall', profile: 'site', grid: { columns: 1, rows: 1 }, tiles: [] }],
      kiosk: { enabled: true, startLayout: 'wall', locked: true },
    }),
  );
}, 60_000);

afterAll(async () => {
  await consolePc?.close();
  await kioskPc?.close();
  await broker?.stop();
  await consolePc?.remove();
  await kioskPc?.remove();
});

describe('a locked kiosk in the room', () => {
  it('obeys a console and reports, but cannot send', async () => {
    expect(
      error(await kioskPc.core.call('room:send', { screen: 'console-1', command: { clear: true } })).kind,
    ).toBe('locked');

    await until(
      async () => (await screenAt(consolePc, 'lobby-kiosk'))?.presence?.state === 'online',
      'the kiosk online',
    );
    value(await consolePc.core.call('room:send', { screen: 'lobby-kiosk', command: { clear: true } }));
    await until(
      async () => (await screenAt(kioskPc, 'lobby-kiosk'))?.desired?.rev === 1,
      'applied on the kiosk',
    );
    expect(
      value(
        await kioskPc.core.call('room:report', {
          screen: 'lobby-kiosk',
          rev: 1,
          shows: { kind: 'none' },
          tiles: [],
        }),
      ),
    ).toEqual({
      published: true,
    });
    await until(
      async () => (await screenAt(consolePc, 'lobby-kiosk'))?.pending === false,
      'reported to the console',
    );
  });
});
