import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createMqttRoomLink } from '../../../../electron/core/room/mqtt-room-link';
import type { RoomLink, RoomLinkOptions } from '../../../../electron/core/room/room-link';
import { DEFAULT_ROOM_ROOT, screenTopic } from '../../../../electron/shared/room';

/** A broker the link's behaviour is checked against (the real Mosquitto, or the hosted aedes). */
export interface BrokerUnderTest {
  url: string;
  port: number;
  /** Logs in as a screen named `screenName` (Mosquitto's ACL: it writes only its own state). */
  screen: { username: string; password: string };
  /** Logs in as a console (may write any screen's desired). */
  console: { username: string; password: string };
  screenName: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

type Login = { username: string; password: string };

export function linkHarness() {
  const opened: RoomLink[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((link) => link.close()));
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  return {
    open(url: string, login: Login | null, extra: Partial<RoomLinkOptions> = {}): RoomLink {
      const link = createMqttRoomLink({
        url,
        clientId: `test-${randomUUID().slice(0, 8)}`,
        username: login?.username ?? null,
        password: login?.password ?? null,
        maxMessageBytes: 256 * 1024,
        ...extra,
      });
      opened.push(link);
      return link;
    },
    later(close: () => Promise<void>) {
      closers.push(close);
    },
  };
}

/** Resolves with the reason once the link is in `state` (at once if it already is). */
export function reachState(link: RoomLink, state: RoomLink['state']): Promise<string | null> {
  return new Promise((resolve) => {
    if (link.state === state) return resolve(null);
    const off = link.onState((now, reason) => {
      if (now !== state) return;
      off();
      resolve(reason);
    });
  });
}

/** Every state and reason the link goes through, from now on. */
function recordStates(link: RoomLink): Array<{ state: string; reason: string | null }> {
  const seen: Array<{ state: string; reason: string | null }> = [];
  link.onState((state, reason) => seen.push({ state, reason }));
  return seen;
}

/** The next message on `topic` whose payload satisfies `accept`. */
export function nextMessage(
  link: RoomLink,
  topic: string,
  accept: (payload: string) => boolean = () => true,
): Promise<{ payload: string; retained: boolean }> {
  return new Promise((resolve) => {
    const off = link.onMessage((got, payload, retained) => {
      if (got !== topic || !accept(payload.toString('utf8'))) return;
      off();
      resolve({ payload: payload.toString('utf8'), retained });
    });
  });
}

async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A TCP relay in front of the broker: cut() drops every connection as a failing network would. */
async function startRelay(
  targetPort: number,
): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const pairs = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = createConnection({ port: targetPort, host: '127.0.0.1' });
    for (const socket of [inbound, outbound]) {
      pairs.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        pairs.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no relay port');
  return {
    port: address.port,
    cut: () => {
      for (const socket of pairs) socket.destroy();
    },
    close: async () => {
      for (const socket of pairs) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** What every broker the room may use must do with the link (Mosquitto and the hosted one alike). */
export function linkBehaviour(broker: () => BrokerUnderTest): void {
  const harness = linkHarness();
  const root = DEFAULT_ROOM_ROOT;

  it('connects, publishes a retained QoS 1 message, and a later subscriber gets it flagged retained', async () => {
    const b = broker();
    const screen = harness.open(b.url, b.screen);
    expect(await reachState(screen, 'online')).toBeNull();
    const topic = screenTopic(root, b.screenName, 'reported');
    const body = JSON.stringify({ rev: 3, marker: randomUUID() });
    await screen.publish(topic, body, { retain: true });

    const console = harness.open(b.url, b.console);
    const arrived = nextMessage(console, topic, (payload) => payload === body);
    await console.subscribe(`${root}/screens/+/reported`);
    expect(await arrived).toEqual({ payload: body, retained: true });
  });

  it('comes back online by itself after the broker is stopped and started, and resubscribes', async () => {
    const b = broker();
    const screen = harness.open(b.url, b.screen);
    await reachState(screen, 'online');
    const desired = screenTopic(root, b.screenName, 'desired');
    await screen.subscribe(desired);
    // However this test ends, the next one needs the broker.
    harness.later(async () => {
      if (!(await isListening(b.port))) await b.restart();
    });

    const away = reachState(screen, 'away');
    await b.stop();
    const reason = await away;
    expect(reason).toMatch(/broker/);
    expect(reason).not.toContain(b.screen.password);

    await b.restart();
    await reachState(screen, 'online');
    const body = JSON.stringify({ rev: 1, marker: randomUUID() });
    // Retained: the screen gets it whether its resubscription lands before or after the publish.
    const arrived = nextMessage(screen, desired, (payload) => payload === body);
    const console = harness.open(b.url, b.console);
    await reachState(console, 'online');
    await console.publish(desired, body, { retain: true });
    expect((await arrived).payload).toBe(body);
  });

  it('is away with a reason in words, without the password, when the login is refused', async () => {
    const b = broker();
    const wrong = `wrong-${randomUUID()}`;
    const link = harness.open(b.url, { username: b.screen.username, password: wrong });
    const seen = recordStates(link);
    const reason = await reachState(link, 'away');
    expect(reason).toMatch(/refused the login/);
    expect(reason).not.toContain(wrong);
    expect(seen.map((s) => s.state)).not.toContain('online');
  });

  it('drops a message over maxMessageBytes unparsed and tells the caller, and delivers the next one', async () => {
    const b = broker();
    const screen = harness.open(b.url, b.screen, { maxMessageBytes: 1024 });
    const desired = screenTopic(root, b.screenName, 'desired');
    await screen.subscribe(desired);
    const delivered: string[] = [];
    // Live messages only: an earlier test may have left a retained one on this topic.
    screen.onMessage((_topic, payload, retained) => {
      if (!retained) delivered.push(payload.toString('utf8'));
    });
    const dropped = new Promise<number>((resolve) => screen.onDropped?.((_topic, bytes) => resolve(bytes)));
    const small = JSON.stringify({ small: randomUUID() });
    const smallArrived = nextMessage(screen, desired, (payload) => payload === small);

    const console = harness.open(b.url, b.console);
    await console.publish(desired, 'x'.repeat(2048));
    await console.publish(desired, small);
    expect(await dropped).toBe(2048);
    await smallArrived;
    expect(delivered).toEqual([small]);
  });

  it('has its last will published when its connection dies, and reconnects by itself', async () => {
    const b = broker();
    const relay = await startRelay(b.port);
    harness.later(relay.close);
    const presence = screenTopic(root, b.screenName, 'presence');
    const will = JSON.stringify({ state: 'offline', marker: randomUUID() });
    const console = harness.open(b.url, b.console);
    const willArrived = nextMessage(console, presence, (payload) => payload === will);
    await console.subscribe(presence);

    const screen = harness.open(`mqtt://127.0.0.1:${relay.port}`, b.screen, {
      will: { topic: presence, payload: will, retain: true, qos: 1 },
    });
    await reachState(screen, 'online');
    const backAfterAway = new Promise<void>((resolve) => {
      let away = false;
      screen.onState((state) => {
        if (state === 'away') away = true;
        if (state === 'online' && away) resolve();
      });
    });
    relay.cut();
    expect((await willArrived).payload).toBe(will);
    await backAfterAway;
  });

  it('takes a subscription and a publish made before it is online, and carries them out once it is', async () => {
    const b = broker();
    const topic = screenTopic(root, b.screenName, 'desired');
    const console = harness.open(b.url, b.console);
    const body = JSON.stringify({ early: randomUUID() });
    const arrived = nextMessage(console, topic, (payload) => payload === body);
    const subscribed = console.subscribe(topic);
    const own = screenTopic(root, b.screenName, 'reported');
    const screen = harness.open(b.url, b.screen);
    const reported = nextMessage(console, own, (payload) => payload === body);
    await subscribed;
    await console.subscribe(own);
    await Promise.all([console.publish(topic, body), screen.publish(own, body)]);
    await arrived;
    await reported;
  });

  it('refuses to publish once closed', async () => {
    const b = broker();
    const link = harness.open(b.url, b.screen);
    await reachState(link, 'online');
    await link.close();
    await expect(link.publish(screenTopic(root, b.screenName, 'reported'), '{}')).rejects.toThrow(/closed/);
  });
}
