/**
 * Where the hosted broker may listen without a login: this PC only. Apart from hosted-broker.ts so
 * the settings' checks (and a provisioning file's) use the rule without loading the broker.
 */

/** 127.0.0.0/8, ::1 and `localhost`: reachable from this PC only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** The rule the room's settings also check before saving: off loopback, a login is required. */
export function hostedBrokerNeedsLogin(host: string): boolean {
  return !isLoopbackHost(host);
}
