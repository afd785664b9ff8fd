import { STREAM_URL_FIELDS, type StreamUrlField } from '../../shared/domain';
import { fnv1a } from './fnv1a';
import { rtcUrl, type RtcShape } from './webrtc-routes';

/**
 * Ports written into the URLs of families this demo does not serve (ZLMediaKit's defaults). Nothing of
 * the demo listens on them.
 */
const UNSERVED_PORTS = { https: 443, rtmp: 1935, rtmps: 19350, rtsp: 554, rtsps: 322 } as const;

/** The URL fields the media server really serves. */
export const SERVED_FIELDS: readonly StreamUrlField[] = [
  'flv',
  'ws_flv',
  'hls',
  'ts',
  'ws_ts',
  'fmp4',
  'ws_fmp4',
  'rtc',
];

export interface UrlParts {
  host: string;
  port: number;
  app: string;
  streamId: string;
  secret: string;
  /** Where `rtc` points: ZLMediaKit's `/index/api/webrtc` (default) or the WHEP endpoint. */
  rtcShape?: RtcShape;
}

/** The 21 playback URLs of one stream, ZLMediaKit-style. Every one carries `secret`. */
export function playbackUrls({
  host,
  port,
  app,
  streamId,
  secret,
  rtcShape = 'zlm',
}: UrlParts): Record<StreamUrlField, string> {
  const h = host.includes(':') ? `[${host}]` : host;
  const path = `${app}/${encodeURIComponent(streamId)}`;
  const q = `secret=${secret}`;
  const http = `${h}:${port}`;
  const tls = `${h}:${UNSERVED_PORTS.https}`;
  return {
    flv: `http://${http}/${path}.live.flv?${q}`,
    https_flv: `https://${tls}/${path}.live.flv?${q}`,
    ws_flv: `ws://${http}/${path}.live.flv?${q}`,
    wss_flv: `wss://${tls}/${path}.live.flv?${q}`,
    fmp4: `http://${http}/${path}.live.mp4?${q}`,
    https_fmp4: `https://${tls}/${path}.live.mp4?${q}`,
    ws_fmp4: `ws://${http}/${path}.live.mp4?${q}`,
    wss_fmp4: `wss://${tls}/${path}.live.mp4?${q}`,
    hls: `http://${http}/${path}/hls.m3u8?${q}`,
    https_hls: `https://${tls}/${path}/hls.m3u8?${q}`,
    ws_hls: `ws://${http}/${path}/hls.m3u8?${q}`,
    wss_hls: `wss://${tls}/${path}/hls.m3u8?${q}`,
    ts: `http://${http}/${path}.live.ts?${q}`,
    https_ts: `https://${tls}/${path}.live.ts?${q}`,
    ws_ts: `ws://${http}/${path}.live.ts?${q}`,
    wss_ts: `wss://${tls}/${path}.live.ts?${q}`,
    rtmp: `rtmp://${h}:${UNSERVED_PORTS.rtmp}/${path}?${q}`,
    rtmps: `rtmps://${h}:${UNSERVED_PORTS.rtmps}/${path}?${q}`,
    rtsp: `rtsp://${h}:${UNSERVED_PORTS.rtsp}/${path}?${q}`,
    rtsps: `rtsps://${h}:${UNSERVED_PORTS.rtsps}/${path}?${q}`,
    rtc: rtcUrl(rtcShape, { http, app, streamId, secret }),
  };
}

/**
 * The spec's quirk on purpose: every URL moves to another field's name. The fields are rotated by an
 * offset from the stream id, so no URL stays under its own name and the same stream always scrambles
 * the same way.
 */
export function scrambleUrls(
  urls: Record<StreamUrlField, string>,
  streamId: string,
): Record<StreamUrlField, string> {
  const n = STREAM_URL_FIELDS.length;
  const shift = 1 + (fnv1a(streamId) % (n - 1));
  return Object.fromEntries(
    STREAM_URL_FIELDS.map((field, i) => [field, urls[STREAM_URL_FIELDS[(i + shift) % n]]]),
  ) as Record<StreamUrlField, string>;
}
