/**
 * Words for the room link's status bar: why the broker is away, never with a secret in them.
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

/** A CONNACK refusal (MQTT 3.1.1 return codes, and MQTT 5's for brokers that answer in them). */
const REFUSALS: Record<number, string> = {
  1: 'the broker does not speak this MQTT version',
  2: "the broker refused this PC's client id",
  3: 'the broker is unavailable',
  4: 'the broker refused the login: wrong username or password',
  // Mosquitto answers a wrong password with this one too.
  5: 'the broker refused the login: wrong username or password, or this user is not allowed in',
  134: 'the broker refused the login: wrong username or password',
  135: 'the broker refused the login: wrong username or password, or this user is not allowed in',
};

const NETWORK: Record<string, (where: string) => string> = {
  ECONNREFUSED: (where) => `nothing answers at ${where} (is the broker running?)`,
  ENOTFOUND: (where) => `the broker's host name was not found (${where})`,
  EAI_AGAIN: (where) => `the broker's host name could not be looked up (${where})`,
  ETIMEDOUT: (where) => `the broker at ${where} does not answer (timed out)`,
  EHOSTUNREACH: (where) => `the broker at ${where} cannot be reached (no route to host)`,
  ENETUNREACH: (where) => `the broker at ${where} cannot be reached (network unreachable)`,
  ECONNRESET: (where) => `the broker at ${where} closed the connection`,
  EPIPE: (where) => `the broker at ${where} closed the connection`,
};

/** Why an attempt failed, in words for the status bar. */
export function describeLinkError(error: unknown, where: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && REFUSALS[code]) return REFUSALS[code];
  if (typeof code === 'number') return `the broker refused the connection (code ${code})`;
  if (typeof code === 'string' && NETWORK[code]) return NETWORK[code](where);
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && /CERT|TLS|SSL/i.test(code)) {
    return `the broker's TLS certificate was not accepted (${where}): ${message}`;
  }
  return `the broker at ${where} failed: ${message}`;
}

/** The socket closed without an error saying why. */
export function linkLostReason(where: string, wasOnline: boolean): string {
  return wasOnline
    ? `lost the connection to the broker at ${where}`
    : `could not connect to the broker at ${where}`;
}
