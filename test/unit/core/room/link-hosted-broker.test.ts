import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { startHostedBroker, type HostedBroker } from '../../../../electron/core/room/hosted-broker';
import { freePort } from '../../../support/mosquitto';
import { linkBehaviour, type BrokerUnderTest } from './link-behaviour';

/** The hosted broker has one login for the whole room: screens and consoles alike. */
const login = { username: 'room', password: `hosted-${randomUUID()}` };

describe('the room link against the broker this PC hosts (aedes)', () => {
  let port: number;
  let hosted: HostedBroker | null = null;
  const start = async () => {
    hosted = await startHostedBroker({ host: '127.0.0.1', port, ...login });
  };
  beforeAll(async () => {
    port = await freePort();
    await start();
  });
  afterAll(async () => {
    await hosted?.close();
  });

  linkBehaviour((): BrokerUnderTest => ({
    url: `mqtt://127.0.0.1:${port}`,
    port,
    screen: login,
    console: login,
    screenName: 'wall-1',
    stop: async () => {
      await hosted?.close();
      hosted = null;
    },
    restart: start,
  }));
});
