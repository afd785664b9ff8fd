import type { PlaybackTransport } from '../players/transport';

/** One URL this runtime could play, as its own scheme and path say. */
export interface StreamCandidate {
  /** Absolute URL. Carries the stream's secret: log only `redactUrl(url)`. */
  url: string;
  transport: PlaybackTransport;
  /** https or wss. */
  tls: boolean;
  /** `scheme://host:port`: the key of the connection budget. */
  origin: string;
  /** The result fields this URL came under. For diagnostics only: never used to decide anything. */
  fields: string[];
}

/** A URL no browser player can use, and why. */
export interface UnplayableUrl {
  url: string;
  protocol: 'rtmp' | 'rtsp' | 'webrtc' | 'hls-over-websocket' | 'unknown';
  reason: string;
  fields: string[];
}

export interface Classification {
  playable: StreamCandidate[];
  unplayable: UnplayableUrl[];
}

export type UrlClass =
  | { playable: true; transport: PlaybackTransport; tls: boolean; url: string; origin: string }
  | { playable: false; protocol: UnplayableUrl['protocol']; reason: string; url: string };

type Family = 'flv' | 'hls' | 'ts' | 'fmp4';

/** The container a path holds, by its ending (`.live.flv` ends in `.flv` too). */
function familyOfPath(pathname: string): Family | null {
  const path = pathname.toLowerCase();
  if (path.endsWith('.flv')) return 'flv';
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.ts')) return 'ts';
  if (path.endsWith('.mp4') || path.endsWith('.m4s') || path.endsWith('.fmp4')) return 'fmp4';
  return null;
}

const OVER_HTTP: Record<Family, PlaybackTransport> = { flv: 'flv', hls: 'hls', ts: 'ts', fmp4: 'fmp4' };
const OVER_WS: Record<Family, PlaybackTransport | null> = {
  flv: 'ws-flv',
  hls: null,
  ts: 'ws-ts',
  fmp4: 'ws-fmp4',
};

/**
 * A WebRTC play endpoint the WebRTC player can negotiate with, by its path: ZLMediaKit's API
 * (`…/index/api/webrtc`) or a WHEP endpoint, which platforms name with a path segment `whep`
 * (`/index/api/whep`, MediaMTX's `/<stream>/whep`, SRS's `/rtc/v1/whep/`, `/whep/<id>`). Which of the two
 * protocols it speaks is read from its answer (players/webrtc-negotiation.ts), not from here.
 */
function isWebRtcPlayPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path.endsWith('/index/api/webrtc') || path.split('/').includes('whep');
}

/**
 * Classify one URL by its own scheme and path.
 *
 * The spec's sample pairs field names with URLs of another kind, so the field a URL came under is
 * never consulted. A relative URL is resolved against `base` (default: the page).
 *
 * - A path ending in a container (`.flv`, `.m3u8`, `.ts`, `.mp4`/`.m4s`/`.fmp4`) is that container over
 *   the scheme's transport: http(s) → flv, hls, ts, fmp4; ws(s) → ws-flv, ws-ts, ws-fmp4 (HLS has no
 *   WebSocket form).
 * - Otherwise an http(s) URL whose path is a WebRTC play endpoint (`isWebRtcPlayPath`) is `webrtc`; a
 *   container ending wins over it, so a stream file under a folder named `whep` is still that file.
 * - Other WebRTC signs (`webrtc://`, a ws(s) URL on such a path, a `type=play` query on another path) mark
 *   a WebRTC URL this app cannot negotiate with: unplayable, protocol `webrtc`.
 */
export function classifyUrl(raw: string, base?: string): UrlClass {
  let url: URL;
  try {
    url = new URL(raw.trim(), base ?? (typeof location === 'undefined' ? undefined : location.href));
  } catch {
    return { playable: false, protocol: 'unknown', reason: 'not a URL', url: raw };
  }
  const href = url.href;
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  const family = familyOfPath(url.pathname);

  if (scheme === 'rtmp' || scheme === 'rtmps')
    return { playable: false, protocol: 'rtmp', reason: 'RTMP cannot be played in a browser', url: href };
  if (scheme === 'rtsp' || scheme === 'rtsps')
    return { playable: false, protocol: 'rtsp', reason: 'RTSP cannot be played in a browser', url: href };

  const overHttp = scheme === 'http' || scheme === 'https';
  const web = overHttp || scheme === 'ws' || scheme === 'wss';
  const tls = scheme === 'https' || scheme === 'wss';
  if (overHttp && !family && isWebRtcPlayPath(url.pathname))
    return { playable: true, transport: 'webrtc', tls, url: href, origin: url.origin };

  const webrtcSignature =
    scheme === 'webrtc' ||
    scheme === 'webrtcs' ||
    isWebRtcPlayPath(url.pathname) ||
    url.searchParams.get('type')?.toLowerCase() === 'play';
  if (!web || !family) {
    if (webrtcSignature)
      return {
        playable: false,
        protocol: 'webrtc',
        reason:
          "a WebRTC address this app cannot negotiate with (it plays WHEP and ZLMediaKit's " +
          '/index/api/webrtc over http or https)',
        url: href,
      };
    return {
      playable: false,
      protocol: 'unknown',
      reason: web ? 'the path does not name a stream format this app plays' : `unknown scheme "${scheme}"`,
      url: href,
    };
  }

  const overWs = scheme === 'ws' || scheme === 'wss';
  const transport = overWs ? OVER_WS[family] : OVER_HTTP[family];
  if (!transport)
    return {
      playable: false,
      protocol: 'hls-over-websocket',
      reason: 'HLS over a WebSocket is not playable',
      url: href,
    };
  return { playable: true, transport, tls, url: href, origin: url.origin };
}

/**
 * Classify every URL of a stream playback result (or any record of strings), deduplicated.
 *
 * Values that are not URLs (streamId, sipId, channelId, empty fields) are skipped: a value counts as
 * a URL when it has a scheme (`x://`) or is a path (`/...`).
 */
export function classifyPlayback(playback: Readonly<Record<string, unknown>>, base?: string): Classification {
  const byUrl = new Map<string, { result: UrlClass; fields: string[] }>();
  for (const [field, value] of Object.entries(playback)) {
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !text.startsWith('/')) continue;
    const result = classifyUrl(text, base);
    const seen = byUrl.get(result.url);
    if (seen) seen.fields.push(field);
    else byUrl.set(result.url, { result, fields: [field] });
  }
  const playable: StreamCandidate[] = [];
  const unplayable: UnplayableUrl[] = [];
  for (const { result, fields } of byUrl.values()) {
    if (result.playable)
      playable.push({
        url: result.url,
        transport: result.transport,
        tls: result.tls,
        origin: result.origin,
        fields,
      });
    else unplayable.push({ url: result.url, protocol: result.protocol, reason: result.reason, fields });
  }
  return { playable, unplayable };
}
