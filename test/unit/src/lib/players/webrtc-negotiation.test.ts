import { describe, expect, it } from 'vitest';
import {
  endWebRtcSession,
  negotiateWebRtc,
  videoCodecOfAnswer,
  WebRtcNegotiationError,
  type FetchLike,
} from '../../../../../src/lib/players/webrtc-negotiation';

const SECRET = '0123456789abcdef0123456789abcdef';
const ZLM = `http://media.example.com:8080/index/api/webrtc?app=rtp&stream=cam1&type=play&secret=${SECRET}`;
const WHEP = `http://media.example.com:8080/index/api/whep?app=rtp&stream=cam1&type=play&secret=${SECRET}`;
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 102\r\n';
const ANSWER =
  'v=0\r\no=- 3 4 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n' +
  'm=video 9 UDP/TLS/RTP/SAVPF 102\r\na=rtpmap:102 H264/90000\r\n' +
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f\r\n' +
  'm=audio 0 UDP/TLS/RTP/SAVPF 111\r\n';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that records its calls and answers each with the next of `responses`. */
function fakeFetch(...responses: (Response | Error)[]): FetchLike & { calls: Call[] } {
  const calls: Call[] = [];
  const fn = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  };
  return Object.assign(fn, { calls });
}

const sdpResponse = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/sdp', ...headers } });
const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The player error a failing negotiation throws. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebRtcNegotiationError);
  const playerError = (error as WebRtcNegotiationError).playerError;
  // Whatever went wrong, the stream's secret is never in the message.
  expect(playerError.message).not.toContain(SECRET);
  return playerError;
}

describe('negotiateWebRtc', () => {
  it('posts the offer as application/sdp to the endpoint, with no credentials', async () => {
    const fetch = fakeFetch(sdpResponse(201, ANSWER, { Location: '/index/api/whep/abc' }));
    await negotiateWebRtc(WHEP, OFFER, { fetch });
    expect(fetch.calls).toHaveLength(1);
    const { url, init } = fetch.calls[0];
    expect(url).toBe(WHEP);
    expect(init).toMatchObject({ method: 'POST', body: OFFER, credentials: 'omit' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/sdp');
  });

  it('WHEP: a 201 with application/sdp is the answer, its Location the session, DELETEd at the end', async () => {
    const fetch = fakeFetch(
      sdpResponse(201, ANSWER, { Location: '/index/api/whep/0123' }),
      new Response(null, { status: 200 }),
    );
    const answer = await negotiateWebRtc(WHEP, OFFER, { fetch });
    expect(answer).toEqual({
      shape: 'whep',
      sdp: ANSWER,
      resource: 'http://media.example.com:8080/index/api/whep/0123',
    });
    await endWebRtcSession(answer, { fetch });
    expect(fetch.calls[1]).toMatchObject({
      url: 'http://media.example.com:8080/index/api/whep/0123',
      init: { method: 'DELETE' },
    });
  });

  it('WHEP: an absolute Location is kept; a DELETE that fails is not an error', async () => {
    const fetch = fakeFetch(
      sdpResponse(201, ANSWER, { Location: 'https://other.example/sessions/9' }),
      new TypeError('Failed to fetch'),
    );
    const answer = await negotiateWebRtc(WHEP, OFFER, { fetch });
    expect(answer.resource).toBe('https://other.example/sessions/9');
    await expect(endWebRtcSession(answer, { fetch })).resolves.toBeUndefined();
  });

  it('ZLMediaKit: a JSON {code: 0, sdp} is the answer; there is nothing to DELETE', async () => {
    const fetch = fakeFetch(jsonResponse({ code: 0, id: 'zlm-session', sdp: ANSWER, type: 'answer' }));
    const answer = await negotiateWebRtc(ZLM, OFFER, { fetch });
    expect(answer).toEqual({ shape: 'zlm', sdp: ANSWER, resource: null });
    await endWebRtcSession(answer, { fetch });
    expect(fetch.calls).toHaveLength(1);
  });

  it('is told the shape by the response, not by the URL', async () => {
    // ZLMediaKit's JSON from a WHEP-looking path, served as text/plain (as some versions do) …
    const zlm = await negotiateWebRtc(WHEP, OFFER, {
      fetch: fakeFetch(
        new Response(JSON.stringify({ code: 0, sdp: ANSWER }), { headers: { 'Content-Type': 'text/plain' } }),
      ),
    });
    expect(zlm.shape).toBe('zlm');
    // … and a WHEP answer from ZLMediaKit's API path.
    const whep = await negotiateWebRtc(ZLM, OFFER, {
      fetch: fakeFetch(sdpResponse(201, ANSWER, { Location: 'x/1' })),
    });
    expect(whep).toMatchObject({ shape: 'whep', resource: 'http://media.example.com:8080/index/api/x/1' });
  });

  it('ZLMediaKit {code: -1, msg}: the server’s reason, and what the supervisor needs to act on', async () => {
    const other = await failure(
      negotiateWebRtc(ZLM, OFFER, {
        fetch: fakeFetch(jsonResponse({ code: -1, msg: 'play denied by hook' })),
      }),
    );
    expect(other).toEqual({
      kind: 'media',
      message: 'the media server refused the WebRTC session (code -1): play denied by hook',
    });
    // A failed auth acts as 403 and a missing stream as 404: the supervisor fetches fresh URLs.
    const auth = await failure(
      negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(jsonResponse({ code: -100, msg: 'auth failed' })) }),
    );
    expect(auth).toMatchObject({ kind: 'http-status', status: 403 });
    // ZLMediaKit's own answer to a play its on_play hook refused: HTTP 200, code -400, "auth" in msg.
    const hookAuth = await failure(
      negotiateWebRtc(ZLM, OFFER, {
        fetch: fakeFetch(jsonResponse({ code: -400, msg: '[auth failed]: invalid secret' })),
      }),
    );
    expect(hookAuth).toMatchObject({ kind: 'http-status', status: 403 });
    expect(hookAuth.message).toContain('[auth failed]');
    const unauthorized = await failure(
      negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(jsonResponse({ code: -1, msg: 'Unauthorized' })) }),
    );
    expect(unauthorized).toMatchObject({ kind: 'http-status', status: 403 });
    const gone = await failure(
      negotiateWebRtc(ZLM, OFFER, {
        fetch: fakeFetch(jsonResponse({ code: -400, msg: 'stream not found' })),
      }),
    );
    expect(gone).toMatchObject({ kind: 'http-status', status: 404 });
    const empty = await failure(negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(jsonResponse({ code: 0 })) }));
    expect(empty.message).toContain('no SDP answer');
  });

  it('an HTTP error is http-status with its code and the server’s words, its URLs redacted', async () => {
    const notFound = await failure(
      negotiateWebRtc(WHEP, OFFER, {
        fetch: fakeFetch(
          new Response(`Stream not found: ${WHEP}`, {
            status: 404,
            headers: { 'Content-Type': 'text/plain' },
          }),
        ),
      }),
    );
    expect(notFound).toMatchObject({ kind: 'http-status', status: 404 });
    expect(notFound.message).toMatch(/^the WebRTC endpoint answered 404: Stream not found: http/);
    const forbidden = await failure(
      negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(jsonResponse({ code: -1, msg: 'Forbidden' }, 403)) }),
    );
    expect(forbidden).toEqual({
      kind: 'http-status',
      status: 403,
      message: 'the WebRTC endpoint answered 403: Forbidden',
    });
    const server = await failure(
      negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(new Response('', { status: 500 })) }),
    );
    expect(server).toEqual({ kind: 'http-status', status: 500, message: 'the WebRTC endpoint answered 500' });
  });

  it('anything that is neither shape is a clear error, not a session', async () => {
    const html = await failure(
      negotiateWebRtc(WHEP, OFFER, {
        fetch: fakeFetch(
          new Response('<html><body>Welcome</body></html>', {
            status: 201,
            headers: { 'Content-Type': 'text/html' },
          }),
        ),
      }),
    );
    expect(html.kind).toBe('media');
    expect(html.message).toContain(
      'neither WHEP (201 with application/sdp) nor ZLMediaKit (JSON {code, sdp})',
    );
    expect(html.message).toContain('201 text/html');
    // application/sdp whose body is not SDP; JSON without a code; SDP with a status other than 200/201.
    for (const response of [
      sdpResponse(201, 'hello'),
      jsonResponse({ sdp: ANSWER }),
      sdpResponse(202, ANSWER),
    ])
      expect((await failure(negotiateWebRtc(WHEP, OFFER, { fetch: fakeFetch(response) }))).kind).toBe(
        'media',
      );
  });

  it('a server that cannot be reached is a network error; an abort is the caller’s and rethrown', async () => {
    const unreachable = await failure(
      negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(new TypeError(`Failed to fetch ${ZLM}`)) }),
    );
    expect(unreachable.kind).toBe('network');
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    await expect(negotiateWebRtc(ZLM, OFFER, { fetch: fakeFetch(abort) })).rejects.toBe(abort);
  });
});

describe('videoCodecOfAnswer', () => {
  it('names the video codec the answer settled on', () => {
    expect(videoCodecOfAnswer(ANSWER)).toBe('avc1.42e01f');
    expect(videoCodecOfAnswer(ANSWER.replace('H264/90000', 'VP8/90000'))).toBe('vp8');
    expect(videoCodecOfAnswer(ANSWER.replace('H264/90000', 'H265/90000'))).toBe('hvc1');
    // A rejected video section (port 0) or none at all.
    expect(videoCodecOfAnswer(ANSWER.replace('m=video 9', 'm=video 0'))).toBeNull();
    expect(videoCodecOfAnswer('v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n')).toBeNull();
  });
});
