import type { ErrorParams } from '../../shared/domain';
import type { LinkReason } from './room-link';

/**
 * Words for the room link's status bar: why the broker is away, never with a secret in them; in
 * English, and as a code with parameters (`errors:room.link.*`) the renderer words in the
 * operator's language.
 *
 * Kept apart from the link so the wording can be read (and tested) in one place.
 */

const REASON_MAX = 500;

const DEFAULT_PORTS: Record<string, string> = {
  'mqtt:': '1883',
  'mqtts:': '8883',
  'ws:': '80',
  'wss:': '443',
};

/** The broker's address as shown to people (host:port, never user info) and the URL given to the client. */
export function linkAddress(url: string): { display: string; urlWithoutUserInfo: string } {
  try {
    const parsed = new URL(url);
    // A password typed into the URL would otherwise travel to logs and reasons: the vault holds it.
    parsed.username = '';
    parsed.password = '';
    const port = parsed.port || DEFAULT_PORTS[parsed.protocol] || '';
    return {
      display: port ? `${parsed.hostname}:${port}` : parsed.hostname,
      urlWithoutUserInfo: parsed.toString(),
    };
  } catch {
    return { display: 'the broker', urlWithoutUserInfo: url };
  }
}

/** Every occurrence of the secret replaced, and the text kept short enough for the status bar. */
export function scrubSecret(text: string, secret: string | null): string {
  const scrubbed = secret && secret.length > 0 ? text.split(secret).join('•••') : text;
  return scrubbed.length > REASON_MAX ? `${scrubbed.slice(0, REASON_MAX - 1)}…` : scrubbed;
}

/** A reason with the secret scrubbed from its words and from every parameter. */
export function scrubReason(reason: LinkReason, secret: string | null): LinkReason {
  const params: ErrorParams = {};
  for (const [k, v] of Object.entries(reason.params ?? {}))
    params[k] = typeof v === 'string' ? scrubSecret(v, secret) : v;
  return {
    message: scrubSecret(reason.message, secret),
    code: reason.code,
    ...(reason.params && { params }),
  };
}

const said = (code: string, message: string, params?: ErrorParams): LinkReason => ({
  message,
  code: `room.link.${code}`,
  ...(params && { params }),
});

/** A CONNACK refusal (MQTT 3.1.1 return codes, and MQTT 5's for brokers that answer in them). */
const REFUSALS: Record<number, LinkReason> = {
  1: said('version', 'the broker does not speak this MQTT version'),
  2: said('clientId', "the broker refused this PC's client id"),
  3: said('unavailable', 'the broker is unavailable'),
  4: said('login', 'the broker refused the login: wrong username or password'),
  // Mosquitto answers a wrong password with this one too.
  5: said(
    'notAllowed',
    'the broker refused the login: wrong username or password, or this user is not allowed in',
  ),
  134: said('login', 'the broker refused the login: wrong username or password'),
  135: said(
    'notAllowed',
    'the broker refused the login: wrong username or password, or this user is not allowed in',
  ),
};

const NETWORK: Record<string, (where: string) => LinkReason> = {
  ECONNREFUSED: (where) =>
    said('noAnswer', `nothing answers at ${where} (is the broker running?)`, { where }),
  ENOTFOUND: (where) => said('hostNotFound', `the broker's host name was not found (${where})`, { where }),
  EAI_AGAIN: (where) =>
    said('hostNotLookedUp', `the broker's host name could not be looked up (${where})`, { where }),
  ETIMEDOUT: (where) => said('timedOut', `the broker at ${where} does not answer (timed out)`, { where }),
  EHOSTUNREACH: (where) =>
    said('noRoute', `the broker at ${where} cannot be reached (no route to host)`, { where }),
  ENETUNREACH: (where) =>
    said('networkUnreachable', `the broker at ${where} cannot be reached (network unreachable)`, { where }),
  ECONNRESET: (where) => said('closed', `the broker at ${where} closed the connection`, { where }),
  EPIPE: (where) => said('closed', `the broker at ${where} closed the connection`, { where }),
};

/** Why an attempt failed, in words for the status bar (the client's own words kept as `technical`). */
export function describeLinkError(error: unknown, where: string): LinkReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && REFUSALS[code]) return REFUSALS[code];
  if (typeof code === 'number')
    return said('refused', `the broker refused the connection (code ${code})`, { code });
  if (typeof code === 'string' && NETWORK[code]) return NETWORK[code](where);
  const technical = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && /CERT|TLS|SSL/i.test(code)) {
    return said('tls', `the broker's TLS certificate was not accepted (${where}): ${technical}`, {
      where,
      technical,
    });
  }
  return said('failed', `the broker at ${where} failed: ${technical}`, { where, technical });
}

/** The socket closed without an error saying why. */
export function linkLostReason(where: string, wasOnline: boolean): LinkReason {
  return wasOnline
    ? said('lost', `lost the connection to the broker at ${where}`, { where })
    : said('notConnected', `could not connect to the broker at ${where}`, { where });
}
