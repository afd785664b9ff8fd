import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_ROOT, screenTopic } from '../../../../electron/shared/room';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import { linkBehaviour, linkHarness, nextMessage, reachState, type BrokerUnderTest } from './link-behaviour';

const missing = mosquittoMissing();
if (missing) console.warn(`[room] skipping the Mosquitto link tests: ${missing}`);

/** Users of the documented ACL file (resources/mosquitto/room.acl). */
const screen = { username: 'wall-1', password: `screen-${randomUUID()}` };
const otherScreen = { username: 'wall-2', password: `screen-${randomUUID()}` };
const consoleUser = { username: 'console-1', password: `console-${randomUUID()}` };

describe.skipIf(missing !== null)('the room link against the real Mosquitto, with the documented ACL', () => {
  let mosquitto: Mosquitto;
  beforeAll(async () => {
    mosquitto = await startMosquitto({ users: [screen, otherScreen, consoleUser] });
  });
  afterAll(async () => {
    await mosquitto?.dispose();
  });

  const broker = (): BrokerUnderTest => ({
    url: mosquitto.url,
    port: mosquitto.port,
    screen,
    console: consoleUser,
    screenName: screen.username,
    stop: () => mosquitto.stop(),
    restart: () => mosquitto.restart(),
  });
  linkBehaviour(broker);

  describe('the ACL file', () => {
    const harness = linkHarness();
    const root = DEFAULT_ROOM_ROOT;

    it("lets a screen write only its own state, and only consoles write a screen's desired view", async () => {
      const watcher = harness.open(mosquitto.url, consoleUser);
      const seen: string[] = [];
      watcher.onMessage((topic, payload) => seen.push(`${topic} ${payload.toString('utf8')}`));
      await watcher.subscribe(`${root}/screens/#`);

      const wall1 = harness.open(mosquitto.url, screen);
      await reachState(wall1, 'online');
      const marker = randomUUID();
      // Refused by the ACL: another screen's state, and a desired view (MQTT 3.1.1 acks them all the same).
      await wall1.publish(screenTopic(root, otherScreen.username, 'reported'), `forged ${marker}`);
      await wall1.publish(screenTopic(root, screen.username, 'desired'), `forged ${marker}`);
      // Allowed: its own state, and a console's desired view; they arrive after anything before them.
      const last = `allowed ${marker}`;
      const own = nextMessage(watcher, screenTopic(root, screen.username, 'presence'), (p) => p === last);
      await wall1.publish(screenTopic(root, screen.username, 'reported'), last);
      await wall1.publish(screenTopic(root, screen.username, 'presence'), last);
      await own;
      const sent = nextMessage(watcher, screenTopic(root, screen.username, 'desired'), (p) => p === last);
      await watcher.publish(screenTopic(root, screen.username, 'desired'), last);
      await sent;

      expect(seen.filter((line) => line.includes(marker))).toEqual([
        `${screenTopic(root, screen.username, 'reported')} ${last}`,
        `${screenTopic(root, screen.username, 'presence')} ${last}`,
        `${screenTopic(root, screen.username, 'desired')} ${last}`,
      ]);
    });
  });
});
