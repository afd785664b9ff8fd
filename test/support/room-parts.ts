import { connect, type MqttClient } from 'mqtt';
import { startHostedBroker, type HostedBroker } from '../../electron/core/room/hosted-broker';
import { createLogger } from '../../electron/core/logger';
import { createMqttRoomLink } from '../../electron/core/room/mqtt-room-link';
import {
  RoomService,
  type RoomServiceDeps,
  type RoomSettingsSource,
} from '../../electron/core/room/room-service';
import type { RoomConfig } from '../../electron/shared/room';
import { DEFAULT_ROOM_ROOT } from '../../electron/shared/room';
import { freePort } from './mosquitto';

/** The embedded broker (aedes, as the app hosts it) on a loopback port that survives stop/start. */
export interface TestBroker {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startAedes(
  login: { username: string; password: string } | null = null,
): Promise<TestBroker> {
  const port = await freePort();
  let broker: HostedBroker | null = null;
  const start = async () => {
    broker = await startHostedBroker({
      host: '127.0.0.1',
      port,
      username: login?.username ?? null,
      password: login?.password ?? null,
    });
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      const running: HostedBroker | null = broker;
      broker = null;
      await running?.close();
    },
  };
}

/** A room's settings as a test sets them (the real store keeps them in the data folder). */
export class TestRoomSettings implements RoomSettingsSource {
  private readonly listeners = new Set<() => void>();
  constructor(
    public config: RoomConfig,
    public secret: string | null = null,
  ) {}
  async current(): Promise<{ config: RoomConfig; password: string | null }> {
    return { config: this.config, password: this.secret };
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(patch: Partial<RoomConfig>): void {
    this.config = { ...this.config, ...patch };
    for (const listener of this.listeners) listener();
  }
}

export function roomConfig(url: string, pcName: string, patch: Partial<RoomConfig> = {}): RoomConfig {
  return {
    enabled: true,
    brokerUrl: url,
    username: null,
    pcName,
    screens: [],
    root: DEFAULT_ROOM_ROOT,
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
    ...patch,
  };
}

/** A plain MQTT client (a script with mosquitto_pub, a canary), connected. */
export async function mqttClient(
  url: string,
  login: { username: string; password: string } | null = null,
): Promise<MqttClient> {
  const client = connect(url, {
    protocolVersion: 4,
    reconnectPeriod: 500,
    ...(login && { username: login.username, password: login.password }),
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** Every message on the broker (`#`), kept as text: what a canary scans for secrets. */
export async function tapBroker(
  url: string,
  login: { username: string; password: string } | null = null,
): Promise<{ messages: { topic: string; text: string }[]; close(): Promise<void> }> {
  const client = await mqttClient(url, login);
  const messages: { topic: string; text: string }[] = [];
  client.on('message', (topic, payload) => messages.push({ topic, text: payload.toString('utf8') }));
  await client.subscribeAsync('#', { qos: 1 });
  return { messages, close: () => client.endAsync() };
}

/** Poll a condition until it holds (no fixed sleep): the busy machine decides how long it takes. */
export async function until<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 30_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A room service on real MQTT links with quiet defaults (nothing logged, announced or recorded; one
 * selected profile, no saved views); `deps` sets the settings and overrides any default.
 */
export function testRoomService(
  deps: Pick<RoomServiceDeps, 'settings'> & Partial<RoomServiceDeps>,
): RoomService {
  return new RoomService({
    openLink: createMqttRoomLink,
    facts: { selectedProfile: async () => ({ id: 'p', name: 'P' }), savedViews: async () => [] },
    version: '1.0.0',
    now: () => Date.now(),
    log: createLogger('room', { sink: () => undefined }),
    emit: () => undefined,
    record: () => undefined,
    ...deps,
  });
}
