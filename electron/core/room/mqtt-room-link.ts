import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { RoomConnection } from '../../shared/room';
import { describeLinkError, linkAddress, linkLostReason, scrubReason, scrubSecret } from './mqtt-link-reason';
import type { LinkReason, OpenRoomLink, RoomLink, RoomLinkOptions } from './room-link';

type LinkState = RoomConnection['state'];
type StateListener = (state: LinkState, reason: string | null, coded: LinkReason | null) => void;
type MessageListener = (topic: string, payload: Buffer, retained: boolean) => void;
type DroppedListener = (topic: string, bytes: number, retained: boolean) => void;

/** Between reconnect attempts: short enough that a screen is back within seconds of its broker. */
const ROOM_RECONNECT_MS = 3_000;
/** How long a TCP/TLS connect plus the CONNACK may take before the attempt counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Keep-alive: a broker that vanished without closing the socket is noticed within ~1.5 × this. */
const KEEPALIVE_S = 20;
/** A graceful close waits this long for in-flight acks before cutting the socket. */
const CLOSE_GRACE_MS = 3_000;

/**
 * The room's link over MQTT (the `mqtt` package, MQTT 3.1.1 so Mosquitto, EMQX and aedes all speak it).
 *
 * mqtt.js reconnects by itself every few seconds (also after a refused login, so a password fixed on
 * the broker is picked up), resubscribes on every reconnect, and keeps QoS 1 publishes made while
 * away until the broker acknowledges them. States: `connecting` until the first outcome, `online`,
 * then `away` (with a reason in words) until online again. The password is only handed to the client
 * library, never put in the URL, and scrubbed from every reason.
 */
export const createMqttRoomLink: OpenRoomLink = (options: RoomLinkOptions): RoomLink => {
  const address = linkAddress(options.url);
  const scrub = (text: string) => scrubSecret(text, options.password);
  const stateListeners = new Set<StateListener>();
  const messageListeners = new Set<MessageListener>();
  const droppedListeners = new Set<DroppedListener>();
  const pending = new Set<(error: Error) => void>();
  let state: LinkState = 'connecting';
  let reason: LinkReason | null = null;
  /** The last failure since the last connect: the reason a loss is reported with. */
  let lastFailure: LinkReason | null = null;
  let closed = false;

  const setState = (next: LinkState, why: LinkReason | null) => {
    const cleanWhy = why === null ? null : scrubReason(why, options.password);
    if (next === state && cleanWhy?.message === reason?.message) return;
    state = next;
    reason = cleanWhy;
    for (const listener of [...stateListeners]) {
      try {
        listener(state, reason?.message ?? null, reason);
      } catch {
        // A listener's failure must not take the link down.
      }
    }
  };

  const client: MqttClient = connect(address.urlWithoutUserInfo, clientOptions(options));

  client.on('connect', () => {
    lastFailure = null;
    setState('online', null);
  });
  client.on('error', (error) => {
    lastFailure = describeLinkError(error, address.display);
    // A refused login or an unreachable broker: away at once, not only when the socket closes.
    if (!closed && state !== 'online') setState('away', lastFailure);
  });
  client.on('close', () => {
    if (closed) return;
    setState('away', lastFailure ?? linkLostReason(address.display, state === 'online'));
  });
  client.on('message', (topic, payload, packet) => {
    const retained = packet.retain === true;
    if (payload.length > options.maxMessageBytes) {
      // Dropped before anyone parses it; the caller reports it (a screen says why it refused).
      for (const listener of [...droppedListeners]) safeCall(() => listener(topic, payload.length, retained));
      return;
    }
    for (const listener of [...messageListeners]) safeCall(() => listener(topic, payload, retained));
  });

  const track = <T>(work: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const fail = (error: Error) => {
        pending.delete(fail);
        reject(error);
      };
      pending.add(fail);
      work.then(
        (value) => {
          pending.delete(fail);
          resolve(value);
        },
        (error: unknown) => fail(new Error(scrub(error instanceof Error ? error.message : String(error)))),
      );
    });

  return {
    get state() {
      return state;
    },
    async publish(topic, payload, publishOptions) {
      if (closed) throw new Error('the room link is closed');
      await track(
        client.publishAsync(topic, payload, {
          qos: publishOptions?.qos ?? 1,
          retain: publishOptions?.retain ?? false,
        }),
      );
    },
    async subscribe(filter) {
      if (closed) throw new Error('the room link is closed');
      const granted = await track(client.subscribeAsync(filter, { qos: 1 }));
      const refused = granted.find((grant) => grant.qos === 128);
      if (refused) throw new Error(`the broker refused the subscription to ${filter} (not authorized?)`);
    },
    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onDropped(listener) {
      droppedListeners.add(listener);
      return () => droppedListeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const fail of [...pending]) fail(new Error('the room link is closed'));
      await endClient(client);
      stateListeners.clear();
      messageListeners.clear();
      droppedListeners.clear();
    },
  };
};

function clientOptions(options: RoomLinkOptions): IClientOptions {
  return {
    clientId: options.clientId,
    protocolVersion: 4,
    clean: true,
    keepalive: KEEPALIVE_S,
    reconnectPeriod: ROOM_RECONNECT_MS,
    reconnectOnConnackError: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    resubscribe: true,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(options.will
      ? {
          will: {
            topic: options.will.topic,
            payload: Buffer.from(options.will.payload),
            qos: options.will.qos,
            retain: options.will.retain,
          },
        }
      : {}),
  };
}

/** A clean DISCONNECT (so the broker keeps the will to itself); cut the socket if acks never come. */
async function endClient(client: MqttClient): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      // end() is already under way, so a second end() would return at once: cut the socket itself.
      client.stream?.destroy();
      resolve();
    }, CLOSE_GRACE_MS);
    client.end(!client.connected, {}, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function safeCall(work: () => void): void {
  try {
    work();
  } catch {
    // One listener's failure must not stop the others or the client.
  }
}
