/**
 * Whether credentials sent to this platform address cross a network unencrypted.
 *
 * Plain http:// to the loopback host never leaves this computer; to any other host the secrets are
 * readable by anyone on the way. Used by the connection test and the profile form alike.
 */
export function plainHttpWarning(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return (
    `This platform is reached over plain http:// on ${url.host}: your credentials and every picture ` +
    'cross the network unencrypted. Use https:// if the platform offers it.'
  );
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * scheme://host:port of an http(s) URL, default ports made explicit, or undefined: the origin a stored
 * secret is bound to (the core enforces it; the profile form says so before the core has to).
 */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname.toLowerCase()}:${port}`;
  } catch {
    return undefined;
  }
}
