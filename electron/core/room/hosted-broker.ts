import { Aedes } from 'aedes';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { ErrorParams } from '../../shared/domain';
import { ROOM_MESSAGE_MAX_BYTES } from '../../shared/room';
import { hostedBrokerNeedsLogin } from './hosted-broker-address';

export { isLoopbackHost } from './hosted-broker-address';

/**
 * The room's broker hosted by this PC (aedes inside the core), for a room of one or a few PCs.
 *
 * Loopback only unless another interface is chosen; then a username and password are required, and
 * every client must log in with them. Production rooms point every PC at Mosquitto, EMQX or the
 * platform's own broker instead (README, "Control room").
 */
export interface HostedBrokerOptions {
  /** The address to listen on (127.0.0.1 by default in the room's settings). */
  host: string;
  port: number;
  /** The room's login; required (both) when `host` is not loopback. */
  username: string | null;
  password: string | null;
}

export interface HostedBroker {
  readonly host: string;
  /** The port it listens on (the one asked for, or the one the OS chose for port 0). */
  readonly port: number;
  /** Disconnect every client and stop listening. */
  close(): Promise<void>;
}

export type HostedBrokerProblem =
  'credentials-required' | 'port-in-use' | 'address-unavailable' | 'not-permitted' | 'failed';

/** The code the renderer words each problem by (`errors:room.hosted.*`). */
const PROBLEM_CODES: Record<HostedBrokerProblem, string> = {
  'credentials-required': 'room.hosted.credentialsRequired',
  'port-in-use': 'room.hosted.portInUse',
  'address-unavailable': 'room.hosted.addressUnavailable',
  'not-permitted': 'room.hosted.notPermitted',
  failed: 'room.hosted.failed',
};

/**
 * Why the hosted broker could not start: in English words, as a problem for the caller, and as a
 * code with parameters (where it listens; the system's own words as `technical`) for the renderer.
 */
export class HostedBrokerError extends Error {
  readonly code: string;

  constructor(
    readonly problem: HostedBrokerProblem,
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'HostedBrokerError';
    this.code = PROBLEM_CODES[problem];
  }
}

/** MQTT 3.1's 23 characters is too few for `<pc>-<screen>` client ids. */
const MAX_CLIENTS_ID_LENGTH = 128;
/** A publish far over what any screen accepts is refused by the broker itself (it would only use memory). */
const MAX_PUBLISH_BYTES = ROOM_MESSAGE_MAX_BYTES * 4;

export async function startHostedBroker(options: HostedBrokerOptions): Promise<HostedBroker> {
  const login =
    options.username && options.password ? { username: options.username, password: options.password } : null;
  if (!login && hostedBrokerNeedsLogin(options.host)) {
    throw new HostedBrokerError(
      'credentials-required',
      `The hosted broker can listen on ${options.host} (not only this PC) only with the room's username and password set: set both, or listen on 127.0.0.1.`,
      { host: options.host },
    );
  }

  const broker = new Aedes({
    maxClientsIdLength: MAX_CLIENTS_ID_LENGTH,
    authenticate: (_client, username, password, done) => {
      if (!login) return done(null, true);
      const ok =
        username === login.username && password !== undefined && sameSecret(password, login.password);
      if (ok) return done(null, true);
      // 4: bad username or password (MQTT 3.1.1); the client's status bar says so in words.
      const refused = Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
      done(refused, false);
    },
    // A publish the room could never accept is not stored or forwarded (screens drop them anyway).
    authorizePublish: (_client, packet, callback) => {
      const size = Buffer.isBuffer(packet.payload)
        ? packet.payload.length
        : Buffer.byteLength(String(packet.payload));
      callback(size > MAX_PUBLISH_BYTES ? new Error('message too large') : null);
    },
  });
  await broker.listen();

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await closeBroker(broker);
    throw listenError(error, options.host, options.port);
  }
  // A socket error after start (a client vanishing) must not become an unhandled 'error' event.
  server.on('error', () => undefined);

  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : options.port;
  let closing: Promise<void> | null = null;
  return {
    host: options.host,
    port,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await closeBroker(broker);
        for (const socket of sockets) socket.destroy();
        await stopped;
      })();
      return closing;
    },
  };
}

/** Compared as digests, so neither the time taken nor an early length check tells a guesser anything. */
function sameSecret(given: Buffer, expected: string): boolean {
  const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  return timingSafeEqual(digest(given), digest(Buffer.from(expected, 'utf8')));
}

function closeBroker(broker: Aedes): Promise<void> {
  return new Promise<void>((resolve) => broker.close(() => resolve()));
}

function listenError(error: unknown, host: string, port: number): HostedBrokerError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new HostedBrokerError(
      'port-in-use',
      `Port ${port} on ${host} is already in use (another broker, or another copy of the app?): choose another port or stop the other program.`,
      { host, port },
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new HostedBrokerError(
      'address-unavailable',
      `This PC has no network address ${host} to listen on.`,
      { host },
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new HostedBrokerError(
      'not-permitted',
      `This PC does not allow the app to listen on port ${port} (ports below 1024 need an administrator): choose a port above 1024.`,
      { port },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HostedBrokerError('failed', `The hosted broker could not start on ${host}:${port}: ${message}`, {
    host,
    port,
    technical: message,
  });
}
