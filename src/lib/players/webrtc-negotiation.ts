import { errorText } from './base-player';
import type { PlayerError } from './player';
import { redactUrlsIn } from './redact-url';

/**
 * WebRTC play signalling: post an SDP offer to a play endpoint and read the answer, in either shape that
 * platforms use, told apart by the response itself (never by the URL or a setting):
 *
 * - WHEP (RFC 9725): `201 Created`, `Content-Type: application/sdp`, the answer as the body and a
 *   `Location` naming the session, which the client DELETEs when it is done.
 * - ZLMediaKit (`POST …/index/api/webrtc?app=…&stream=…&type=play&secret=…`): a JSON body
 *   `{"code": 0, "sdp": "v=0…", "id": …}`; a failing `code` carries the reason in `msg`. It has no resource
 *   to delete: closing the peer connection ends the session.
 *
 * Anything else (an HTTP error, an HTML page, JSON without an answer) is an error in the players' terms,
 * with the server's own words and never the URL's secret. Pure apart from `fetch`, which is injected.
 */

type WebRtcShape = 'whep' | 'zlm';

/** The answer and what ends the session. */
export interface WebRtcAnswer {
  shape: WebRtcShape;
  sdp: string;
  /** WHEP: the session's absolute URL (from `Location`), to DELETE; null for ZLMediaKit (or no Location). */
  resource: string | null;
}

/** What is needed of `fetch`, so a test can pass a fake. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface NegotiateOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** A failed negotiation, as the player reports it. */
export class WebRtcNegotiationError extends Error {
  constructor(readonly playerError: PlayerError) {
    super(playerError.message);
    this.name = 'WebRtcNegotiationError';
  }
}

/** Longest piece of a server's own text quoted in an error. */
const QUOTE_MAX = 200;

/** ZLMediaKit's API code for a failed authentication (`API::AuthFailed`). */
const ZLM_AUTH_FAILED = -100;

/**
 * Post `offerSdp` to the play endpoint and return the answer. Throws `WebRtcNegotiationError` for every
 * failure but an abort (which rethrows the AbortError: the caller gave up).
 */
export async function negotiateWebRtc(
  endpoint: string,
  offerSdp: string,
  options: NegotiateOptions = {},
): Promise<WebRtcAnswer> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      // WHEP requires application/sdp; ZLMediaKit reads the body whatever its type.
      headers: { 'Content-Type': 'application/sdp', Accept: 'application/sdp, application/json' },
      body: offerSdp,
      cache: 'no-store',
      credentials: 'omit',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new WebRtcNegotiationError({
      kind: 'network',
      message: `the WebRTC endpoint could not be reached (${errorText(error)})`,
    });
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new WebRtcNegotiationError({
      kind: 'network',
      message: `the WebRTC answer was cut off (${errorText(error)})`,
    });
  }
  return readAnswer(
    {
      status: response.status,
      contentType: response.headers.get('content-type'),
      location: response.headers.get('location'),
      url: response.url || endpoint,
      body,
    },
    endpoint,
  );
}

/** The parts of a response that decide its shape. */
interface SignallingResponse {
  status: number;
  contentType: string | null;
  location: string | null;
  /** The URL that answered (after redirects): a relative Location is resolved against it. */
  url: string;
  body: string;
}

/** Read an answer from a signalling response (the pure half of `negotiateWebRtc`). */
function readAnswer(response: SignallingResponse, endpoint: string = response.url): WebRtcAnswer {
  const { status, body } = response;
  const type = (response.contentType ?? '').split(';')[0].trim().toLowerCase();
  const json = parseJsonObject(body);

  if (status < 200 || status > 299) {
    const said = json ? serverMessage(json) : quote(body);
    throw new WebRtcNegotiationError({
      kind: 'http-status',
      status,
      message: `the WebRTC endpoint answered ${status}${said ? `: ${said}` : ''}`,
    });
  }

  if (json && typeof json.code === 'number') {
    if (json.code === 0 && typeof json.sdp === 'string' && looksLikeSdp(json.sdp))
      return { shape: 'zlm', sdp: json.sdp, resource: null };
    if (json.code === 0)
      throw new WebRtcNegotiationError({
        kind: 'media',
        message: 'the media server accepted the WebRTC offer (code 0) but sent no SDP answer',
      });
    throw new WebRtcNegotiationError(zlmFailure(json.code, serverMessage(json)));
  }

  if ((status === 201 || status === 200) && type === 'application/sdp' && looksLikeSdp(body)) {
    const base = response.url || endpoint;
    return { shape: 'whep', sdp: body, resource: resolve(response.location, base) };
  }

  throw new WebRtcNegotiationError({
    kind: 'media',
    message:
      `the WebRTC endpoint answered neither WHEP (201 with application/sdp) nor ZLMediaKit ` +
      `(JSON {code, sdp}): ${status} ${type || 'without a content type'}` +
      (quote(body) ? ` "${quote(body)}"` : ''),
  });
}

/**
 * End a session: WHEP's DELETE of its resource (RFC 9725 §4.3), best effort, never throws. ZLMediaKit has
 * nothing to delete (closing the peer connection ends it).
 */
export async function endWebRtcSession(answer: WebRtcAnswer, options: NegotiateOptions = {}): Promise<void> {
  if (answer.shape !== 'whep' || !answer.resource) return;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  try {
    await doFetch(answer.resource, {
      method: 'DELETE',
      cache: 'no-store',
      credentials: 'omit',
      keepalive: true,
    });
  } catch {
    // The server ends an idle session by itself; nothing to report.
  }
}

/**
 * What a refusal's words say about the caller's right to play: ZLMediaKit answers a play its `on_play`
 * hook refused as `{"code":-400,"msg":"[auth failed]…"}` in an HTTP 200, other builds with -100.
 */
const SAYS_AUTH = /auth|forbidden|unauthori[sz]ed|permission|secret|token/i;

/**
 * A ZLMediaKit refusal in the players' terms: a failed auth acts as 403 (the supervisor fetches fresh
 * URLs at once, as for any refused secret), a missing stream as 404.
 */
function zlmFailure(code: number, said: string): PlayerError {
  const message = `the media server refused the WebRTC session (code ${code})${said ? `: ${said}` : ''}`;
  if (code === ZLM_AUTH_FAILED || (code !== 0 && SAYS_AUTH.test(said)))
    return { kind: 'http-status', status: 403, message };
  if (/not found|not exist|no such|offline/i.test(said)) return { kind: 'http-status', status: 404, message };
  return { kind: 'media', message };
}

function looksLikeSdp(text: string): boolean {
  return /^v=0\r?\n/.test(text) && /\r?\nm=/.test(text);
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** What a JSON error body says (`msg`, `message` or `error`), quoted safely. */
function serverMessage(json: Record<string, unknown>): string {
  const said = [json.msg, json.message, json.error].find((v) => typeof v === 'string');
  return typeof said === 'string' ? quote(said) : '';
}

/** A server's text, short, on one line, any URL in it redacted. */
function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const short = line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX)}…` : line;
  return redactUrlsIn(short);
}

function resolve(location: string | null, base: string): string | null {
  if (!location) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * The video codec an answer settled on, as an RFC 6381-like string for the stats and the supervisor's codec
 * check: `avc1.<profile-level-id>` for H.264, `hvc1` for H.265, else the encoding name (`vp8`, `vp9`, `av1`).
 * Null when the answer has no video the browser will receive.
 */
export function videoCodecOfAnswer(sdp: string): string | null {
  const lines = sdp.split(/\r?\n/);
  const start = lines.findIndex((l) => /^m=video [1-9]/.test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('m='));
  const section = lines.slice(start, end < 0 ? undefined : end);
  const payload = section[0].split(' ')[3];
  if (!payload) return null;
  const rtpmap = section.find((l) => l.startsWith(`a=rtpmap:${payload} `));
  const name = rtpmap?.split(' ')[1]?.split('/')[0]?.toLowerCase();
  if (!name) return null;
  if (name === 'h264') {
    const fmtp = section.find((l) => l.startsWith(`a=fmtp:${payload} `)) ?? '';
    const level = /profile-level-id=([0-9a-f]{6})/i.exec(fmtp)?.[1]?.toLowerCase();
    return level ? `avc1.${level}` : 'avc1';
  }
  if (name === 'h265') return 'hvc1';
  return name;
}
