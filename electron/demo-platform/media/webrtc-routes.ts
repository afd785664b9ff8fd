/** The two shapes of WebRTC play signalling the demo serves (and the `rtc` field can point at). */
export type RtcShape = 'whep' | 'zlm';

/** ZLMediaKit's play API: `POST /index/api/webrtc?app=…&stream=…&type=play&secret=…`, answer in JSON. */
const ZLM_WEBRTC_PATH = '/index/api/webrtc';
/**
 * WHEP (RFC 9725) at ZLMediaKit's own WHEP path, with the same query: `POST /index/api/whep?app=…`, the
 * answer in a 201 with a `Location` under `/index/api/whep/<session>` to DELETE when done.
 */
export const WHEP_PATH = '/index/api/whep';

/** What a WebRTC signalling request asks for. */
export type WebRtcRoute =
  | { kind: 'offer'; shape: RtcShape; app: string; streamId: string; type: string; secret: string | null }
  | { kind: 'session'; sessionId: string };

/** Parse a signalling URL of the media server; undefined for any other path. */
export function parseWebRtcPath(url: URL): WebRtcRoute | undefined {
  const path = url.pathname;
  if (path === ZLM_WEBRTC_PATH || path === WHEP_PATH) {
    const q = url.searchParams;
    return {
      kind: 'offer',
      shape: path === WHEP_PATH ? 'whep' : 'zlm',
      app: q.get('app') ?? '',
      streamId: q.get('stream') ?? '',
      type: q.get('type') ?? 'play',
      secret: q.get('secret'),
    };
  }
  const session = /^\/index\/api\/whep\/([0-9a-f]{32})$/.exec(path);
  if (session) return { kind: 'session', sessionId: session[1] };
  return undefined;
}

/** The URL of a stream's WebRTC play endpoint in either shape. */
export function rtcUrl(
  shape: RtcShape,
  parts: { http: string; app: string; streamId: string; secret: string },
): string {
  const path = shape === 'whep' ? WHEP_PATH : ZLM_WEBRTC_PATH;
  const app = encodeURIComponent(parts.app);
  const stream = encodeURIComponent(parts.streamId);
  return `http://${parts.http}${path}?app=${app}&stream=${stream}&type=play&secret=${parts.secret}`;
}
