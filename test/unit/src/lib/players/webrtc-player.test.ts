import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerError, PlayerMediaInfo } from '../../../../../src/lib/players/player';
import { WebRtcPlayer } from '../../../../../src/lib/players/webrtc-player';
import { FakeMediaElement } from './fake-video';

const URL_ = 'http://m:1/index/api/whep?app=rtp&stream=cam1&type=play&secret=S';
const OFFER = 'v=0\r\ns=-\r\nm=video 9 UDP/TLS/RTP/SAVPF 102\r\n';
const ANSWER =
  'v=0\r\ns=-\r\nm=video 9 UDP/TLS/RTP/SAVPF 102\r\na=rtpmap:102 H264/90000\r\n' +
  'a=fmtp:102 packetization-mode=1;profile-level-id=42e01f\r\n';

/** An RTCDtlsTransport stand-in whose state the test sets. */
class FakeDtlsTransport extends EventTarget {
  state = 'connected';
  set(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** An RTCPeerConnection stand-in: records what the player does, answers getStats() from `readings`. */
class FakePeerConnection extends EventTarget {
  static last: FakePeerConnection | null = null;
  transceivers: { kind: string; init: unknown }[] = [];
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  iceGatheringState = 'new';
  connectionState = 'new';
  closed = false;
  readonly dtls = new FakeDtlsTransport();
  stats: Record<string, unknown>[] = [];
  constructor(readonly config: RTCConfiguration) {
    super();
    FakePeerConnection.last = this;
  }
  addTransceiver(kind: string, init: unknown) {
    this.transceivers.push({ kind, init });
  }
  async createOffer() {
    return { type: 'offer', sdp: OFFER };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
    this.iceGatheringState = 'complete';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
  }
  getReceivers() {
    return [{ track: { kind: 'video' }, transport: this.dtls }];
  }
  async getStats() {
    return { forEach: (fn: (entry: Record<string, unknown>) => void) => this.stats.forEach(fn) };
  }
  setConnectionState(state: string) {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
  close() {
    this.closed = true;
  }
}

class FakeMediaStream {
  tracks: unknown[] = [];
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
}

let now = 0;
let fetchCalls: { url: string; method: string }[];
let answerWith: () => Response;

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  fetchCalls = [];
  answerWith = () =>
    new Response(ANSWER, {
      status: 201,
      headers: { 'Content-Type': 'application/sdp', Location: '/index/api/whep/s1' },
    });
  FakePeerConnection.last = null;
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    fetchCalls.push({ url, method: init?.method ?? 'GET' });
    return init?.method === 'DELETE' ? new Response(null, { status: 200 }) : answerWith();
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function started(options: { iceServers?: RTCIceServer[]; audio?: boolean } = {}) {
  const video = new FakeMediaElement();
  const player = new WebRtcPlayer(
    { url: URL_, transport: 'webrtc', tls: false },
    { frameCallbacks: false, now: () => now, ...options },
  );
  const errors: PlayerError[] = [];
  const infos: PlayerMediaInfo[] = [];
  player.on('error', (e) => errors.push(e));
  player.on('media-info', (i) => infos.push(i));
  player.attach(video.asElement());
  player.start();
  await vi.advanceTimersByTimeAsync(0);
  return { video, player, errors, infos, pc: FakePeerConnection.last! };
}

describe('WebRtcPlayer', () => {
  it('offers to receive video only (a muted tile), posts the offer, applies the answer and reports its codec', async () => {
    const { pc, errors, infos, player } = await started();
    expect(pc.config.iceServers).toEqual([]);
    expect(pc.transceivers).toEqual([{ kind: 'video', init: { direction: 'recvonly' } }]);
    expect(player.stats().audio).toBeUndefined();
    expect(player.catchUp()).toBe(false);
    expect(fetchCalls).toEqual([{ url: URL_, method: 'POST' }]);
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: ANSWER });
    expect(infos[0]).toMatchObject({ videoCodec: 'avc1.42e01f' });
    expect(errors).toEqual([]);
  });

  it('offers to receive audio too for the audible tile, and says what sound the answer settled on', async () => {
    const { pc, player } = await started({ audio: true });
    expect(pc.transceivers).toEqual([
      { kind: 'video', init: { direction: 'recvonly' } },
      { kind: 'audio', init: { direction: 'recvonly' } },
    ]);
    // The test answer has no audio section: the stream has no sound.
    expect(player.stats().audio).toEqual({ state: 'none', codec: null });
  });

  it('takes the ICE servers it is given', async () => {
    const { pc } = await started({ iceServers: [{ urls: 'stun:stun.example:3478' }] });
    expect(pc.config.iceServers).toEqual([{ urls: 'stun:stun.example:3478' }]);
  });

  it('shows the tracks it receives on the element', async () => {
    const { pc, video } = await started();
    const track = { kind: 'video' };
    pc.dispatchEvent(Object.assign(new Event('track'), { track }));
    const element = video as unknown as { srcObject: FakeMediaStream };
    expect(element.srcObject).toBeInstanceOf(FakeMediaStream);
    expect(element.srcObject.tracks).toEqual([track]);
    expect(video.plays).toBe(1);
  });

  it('reports a refused offer as its error, once, with the status', async () => {
    answerWith = () => new Response('Forbidden', { status: 403 });
    const { errors, pc } = await started();
    expect(errors).toEqual([
      { kind: 'http-status', status: 403, message: 'the WebRTC endpoint answered 403: Forbidden' },
    ]);
    expect(pc.remoteDescription).toBeNull();
  });

  it('reports the server ending the session (its DTLS transport closes) as `ended`', async () => {
    const { pc, errors } = await started();
    pc.dtls.set('closed');
    expect(errors).toEqual([{ kind: 'ended', message: 'the media server ended the WebRTC session' }]);
  });

  it('reports a failed connection as a network error', async () => {
    const { pc, errors } = await started();
    pc.setConnectionState('disconnected');
    expect(errors).toEqual([]);
    pc.setConnectionState('failed');
    expect(errors).toMatchObject([{ kind: 'network' }]);
  });

  it('on destroy closes the peer connection, detaches the stream and DELETEs the WHEP session', async () => {
    const { pc, player, video } = await started();
    pc.dispatchEvent(Object.assign(new Event('track'), { track: { kind: 'video' } }));
    player.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.closed).toBe(true);
    expect((video as unknown as { srcObject: unknown }).srcObject).toBeNull();
    expect(fetchCalls.at(-1)).toEqual({ url: 'http://m:1/index/api/whep/s1', method: 'DELETE' });
  });

  it('reads getStats() once a second: frame rate, bit rate, jitter buffer delay as latency, packets lost', async () => {
    const { pc, player } = await started();
    const reading = (frames: number, bytes: number, jitter: number, emitted: number, lost: number) => [
      {
        type: 'inbound-rtp',
        kind: 'video',
        framesDecoded: frames,
        bytesReceived: bytes,
        jitterBufferDelay: jitter,
        jitterBufferEmittedCount: emitted,
        packetsLost: lost,
      },
      { type: 'inbound-rtp', kind: 'audio', bytesReceived: 1000, packetsLost: 1 },
      { type: 'candidate-pair', bytesReceived: 999_999 },
    ];
    pc.stats = reading(100, 200_000, 2.0, 100, 3);
    now = 1000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(player.stats()).toMatchObject({ transport: 'webrtc', library: 'webrtc', packetsLost: 4 });
    pc.stats = reading(125, 262_500, 2.5, 125, 5);
    now = 2000;
    await vi.advanceTimersByTimeAsync(1000);
    const stats = player.stats();
    expect(stats.fps).toBe(25);
    expect(stats.bitrateKbps).toBe(500);
    expect(stats.jitterBufferMs).toBe(20);
    expect(stats.latencySeconds).toBe(0.02);
    expect(stats.packetsLost).toBe(6);
  });

  it('without RTCPeerConnection it is unsupported here', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    const { errors } = await started();
    expect(errors).toMatchObject([{ kind: 'unsupported' }]);
  });
});
