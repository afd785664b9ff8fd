import { codecFamily } from '../players/codec';
import type { PlaybackTransport } from '../players/transport';
import type { RuntimeCapabilities } from './capabilities';
import type { StreamCandidate, UnplayableUrl } from './classify';

/**
 * How long a tile waits before asking the platform again when nothing it offers can play here
 * (only RTSP/RTMP, or H.265 without a decoder): the platform may start offering something playable,
 * but not within the seconds of a network backoff, and cycling every transport each 30 s only loads it.
 */
export const UNPLAYABLE_RETRY_MS = 5 * 60_000;

const NAMES: Record<string, string> = {
  rtsp: 'RTSP',
  rtmp: 'RTMP',
  'hls-over-websocket': 'HLS-over-WebSocket',
  unknown: 'unrecognised',
  'ws-flv': 'WS-FLV',
  flv: 'HTTP-FLV',
  hls: 'HLS',
  'ws-ts': 'WS-TS',
  ts: 'MPEG-TS',
  fmp4: 'fMP4',
  'ws-fmp4': 'WS-fMP4',
  webrtc: 'WebRTC',
};

const name = (key: string) => NAMES[key] ?? key.toUpperCase();

/** A transport (or an unplayable protocol) as an operator knows it: "WS-FLV", "HLS", "WebRTC". */
export const transportName = (key: string): string => name(key);

/** "RTSP and RTMP" */
function list(items: readonly string[]): string {
  const unique = [...new Set(items)];
  return unique.length <= 1
    ? (unique[0] ?? 'nothing')
    : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/**
 * What the platform offered and what this computer can play, in words (no URL: they carry secrets):
 * "the platform offered only RTSP and RTMP addresses; this computer plays WS-FLV, HTTP-FLV and HLS".
 */
export function describeUnplayable(
  offered: { playable: readonly StreamCandidate[]; unplayable: readonly UnplayableUrl[] },
  order: readonly PlaybackTransport[],
): string {
  const kinds = [
    ...offered.unplayable.map((u) => name(u.protocol)),
    ...offered.playable.map((p) => name(p.transport)),
  ];
  const plays = list(order.map(name));
  if (kinds.length === 0) return `the platform returned no stream address; this computer plays ${plays}`;
  const onlyUnplayable = offered.playable.length === 0;
  return (
    `the platform offered ${onlyUnplayable ? 'only ' : ''}${list(kinds)} addresses; ` +
    `this computer plays ${plays} (as set in the transport order)`
  );
}

/** "H.265 (hvc1.1.6.L93.B0); this computer plays H.264" */
function describeCodec(family: 'hevc' | 'h264', codec: string, caps: RuntimeCapabilities): string {
  const plays = [caps.h264 && 'H.264', caps.hevc && 'H.265'].filter(Boolean) as string[];
  return (
    `the stream is ${family === 'hevc' ? 'H.265' : 'H.264'} (${codec}), which this computer cannot decode; ` +
    `it plays ${plays.length ? list(plays) : 'no video format through the browser'}`
  );
}

/** Why this runtime cannot decode the stream's video codec; null if it can (or the codec is unknown). */
export function refusedCodec(videoCodec: string, caps: RuntimeCapabilities): string | null {
  const family = codecFamily(videoCodec);
  if ((family === 'hevc' && !caps.hevc) || (family === 'h264' && caps.mse && !caps.h264))
    return describeCodec(family, videoCodec, caps);
  return null;
}
