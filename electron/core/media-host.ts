import { STREAM_URL_FIELDS, type StreamPlayback } from '../shared/domain';
import type { MediaHost } from '../shared/profile';
import { isLoopbackHost } from '../shared/transport-security';

const SECURE = new Set(['https:', 'wss:', 'rtmps:', 'rtsps:']);

/**
 * Every stream URL with its host and port replaced by the profile's media host override, path and
 * query kept (platforms behind NAT hand out their media server's inside address).
 */
export function rewriteMediaHosts(
  playback: StreamPlayback,
  mediaHost: MediaHost | undefined,
): StreamPlayback {
  if (!mediaHost || (!mediaHost.http && !mediaHost.https)) return playback;
  const out = { ...playback };
  for (const field of STREAM_URL_FIELDS) {
    const value = out[field];
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    const host = SECURE.has(url.protocol) ? mediaHost.https : mediaHost.http;
    if (!host) continue;
    // `host` carries the port when one is given; without one the scheme's default is meant.
    url.host = host;
    if (!/:\d+$/.test(host) || /^\[.*\]$/.test(host)) url.port = '';
    out[field] = url.toString();
  }
  return out;
}

/**
 * Why the stream URLs cannot be reached from here, in words, when that can be told before trying:
 * a platform that is not on this computer naming a loopback media host, or a host in a reserved
 * never-resolving domain (`.invalid`, `.example`, `.test`, `.localhost` from afar).
 */
export function mediaHostHint(playback: StreamPlayback, platformBaseUrl: string): string | undefined {
  let platformHost: string;
  try {
    platformHost = new URL(platformBaseUrl).hostname;
  } catch {
    return undefined;
  }
  const platformLocal = isLoopbackHost(platformHost);
  for (const field of STREAM_URL_FIELDS) {
    const value = playback[field];
    if (!value) continue;
    let host: string;
    try {
      host = new URL(value).hostname;
    } catch {
      continue;
    }
    if (!platformLocal && isLoopbackHost(host))
      return `The platform gave ${host} as its media host, which is this computer, not the platform: set the media host in the profile.`;
    if (/\.(invalid|test|example)$/i.test(host) || (!platformLocal && /\.localhost$/i.test(host)))
      return `The platform gave ${host} as its media host, a name that never resolves: set the media host in the profile.`;
  }
  return undefined;
}
