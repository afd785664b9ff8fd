import { absoluteUrl } from './absolute-url';
import { AudioSink } from './audio-sink';
import { BasePlayer, errorText } from './base-player';
import { LivenessMeter } from './liveness-meter';
import type { PlayerAudio, PlayerStats } from './player';
import {
  endWebRtcSession,
  negotiateWebRtc,
  videoCodecOfAnswer,
  WebRtcNegotiationError,
  type WebRtcAnswer,
} from './webrtc-negotiation';

/** How long the offer waits for ICE gathering before it is sent with the candidates it has. */
const GATHER_TIMEOUT_MS = 1_000;
/** How often getStats() is read (it is asynchronous; `stats()` returns the last reading). */
const STATS_INTERVAL_MS = 1_000;

/** The receiver's newest frame is read at most this often (ms): stats() may be asked every frame. */
const SOURCE_READ_MS = 100;

/** The inbound figures of one getStats() reading that the stats are made of. */
interface RtcReading {
  at: number;
  bytesReceived: number;
  framesDecoded: number;
  packetsLost: number;
  jitterBufferDelay: number;
  jitterBufferEmittedCount: number;
}

/**
 * WebRTC play: a receive-only RTCPeerConnection whose offer goes to the stream's play endpoint (WHEP or
 * ZLMediaKit's API, told apart by the answer: webrtc-negotiation.ts), shown on the tile's `<video>`.
 *
 * No MSE and no HTTP connection of its own: the media comes over UDP (SRTP), so it counts toward no
 * connection budget. The browser's jitter buffer keeps it at the live edge; there is nothing to chase.
 * Frames are counted like every player's (FrameMeter: requestVideoFrameCallback and the decoded counter);
 * getStats() adds the frame rate from framesDecoded, the bit rate, the jitter buffer delay (reported as the
 * latency) and packets lost. The session ending on the server's side (its DTLS transport closes) or the
 * connection failing is reported as an error, so the supervisor replaces the player at once; a session that
 * just goes silent is caught by the frame watchdog. Destroying the player closes the peer connection and,
 * for WHEP, DELETEs the session.
 */
export class WebRtcPlayer extends BasePlayer {
  protected readonly library = 'webrtc';
  private pc: RTCPeerConnection | null = null;
  private readonly abort = new AbortController();
  private answer: WebRtcAnswer | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private lastReading: RtcReading | null = null;
  private rtcFps: number | null = null;
  private jitterBufferMs: number | null = null;
  private packetsLost: number | null = null;
  private readonly cleanups: (() => void)[] = [];
  private readonly liveness = new LivenessMeter();
  /** The newest RTP timestamp read (unwrapped, 90 kHz ticks) and the raw one it came from. */
  private rtpUnwrapped: number | null = null;
  private rtpRaw = 0;
  private lastSourceAt: number | null = null;
  private sourceReadAt = -Infinity;
  private audioState: PlayerAudio = { state: 'pending', codec: null };
  private sink: AudioSink | null = null;

  protected open(video: HTMLVideoElement): void {
    if (typeof RTCPeerConnection !== 'function') {
      this.fail({ kind: 'unsupported', message: 'this runtime has no WebRTC (RTCPeerConnection)' });
      return;
    }
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers ?? [] });
    this.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    // Sound only for the audible tile (a server without audio rejects the section): a muted tile
    // receives, decodes and mixes none.
    if (this.options.audio) pc.addTransceiver('audio', { direction: 'recvonly' });

    const stream = new MediaStream();
    pc.addEventListener('track', (event) => {
      stream.addTrack(event.track);
      if (video.srcObject !== stream) {
        video.srcObject = stream;
        this.play(video);
      }
    });
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'failed')
        this.fail({ kind: 'network', message: 'the WebRTC connection failed (ICE or DTLS)' });
    });
    this.listen(video, 'loadedmetadata', () =>
      this.setMediaInfo({
        videoCodec: this.answer ? videoCodecOfAnswer(this.answer.sdp) : null,
        audioCodec: null,
        width: video.videoWidth,
        height: video.videoHeight,
      }),
    );
    void this.negotiate(pc);
  }

  protected close(video: HTMLVideoElement): void {
    this.sink?.close();
    this.sink = null;
    this.abort.abort();
    if (this.statsTimer !== null) clearInterval(this.statsTimer);
    this.statsTimer = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const pc = this.pc;
    this.pc = null;
    pc?.close();
    video.srcObject = null;
    if (this.answer) void endWebRtcSession(this.answer);
    this.answer = null;
  }

  override stats(): PlayerStats {
    const stats = super.stats();
    this.readSource();
    return {
      ...stats,
      fps: this.rtcFps ?? stats.fps,
      jitterBufferMs: this.jitterBufferMs,
      packetsLost: this.packetsLost,
      liveness: this.liveness.liveness(this.jitterBufferMs),
      ...(this.options.audio ? { audio: this.audio() } : {}),
    };
  }

  /** WebRTC cannot jump ahead: the jitter buffer is the browser's. The owner reconnects. */
  catchUp(): boolean {
    return false;
  }

  /**
   * The newest video frame handed to the track: its RTP timestamp (the stream's 90 kHz clock) against
   * when it was delivered (getSynchronizationSources, synchronous and cheap), for the liveness figures.
   */
  private readSource(): void {
    const at = this.now();
    if (at - this.sourceReadAt < SOURCE_READ_MS) return;
    this.sourceReadAt = at;
    const receiver = this.pc?.getReceivers().find((r) => r.track.kind === 'video');
    const source = receiver?.getSynchronizationSources?.()[0] as
      (RTCRtpSynchronizationSource & { rtpTimestamp?: number }) | undefined;
    if (!source || typeof source.rtpTimestamp !== 'number' || source.timestamp === this.lastSourceAt) return;
    this.lastSourceAt = source.timestamp;
    const raw = source.rtpTimestamp >>> 0;
    if (this.rtpUnwrapped === null) this.rtpUnwrapped = raw;
    else {
      // 32-bit RTP timestamps wrap every 13 hours at 90 kHz: step by the signed difference.
      const step = ((raw - this.rtpRaw + 2 ** 31) >>> 0) - 2 ** 31;
      this.rtpUnwrapped += step;
    }
    this.rtpRaw = raw;
    this.liveness.arrive(this.rtpUnwrapped / 90, source.timestamp);
  }

  private audio(): PlayerAudio {
    if (this.audioState.state === 'playing' && this.sink && !this.sink.running)
      return {
        ...this.audioState,
        state: 'pending',
        reason: 'the browser holds the sound until the user interacts with the page',
      };
    return this.audioState;
  }

  /** The audible tile: what the answer settled on for sound; the element unmuted once allowed. */
  private soundOf(sdp: string, video: HTMLVideoElement): void {
    const codec = audioCodecOfAnswer(sdp);
    if (!codec) {
      this.audioState = { state: 'none', codec: null };
      return;
    }
    this.audioState = { state: 'playing', codec };
    const sink = new AudioSink(video, () => null);
    if (!sink.open()) return;
    this.sink = sink;
    sink.whenRunning(() => {
      if (!this.destroyed && this.video) this.video.muted = false;
    });
  }

  /** The browser's jitter buffer delay over the last second: how far behind what arrived the picture is. */
  protected override latency(): number | null {
    return this.jitterBufferMs === null ? null : this.jitterBufferMs / 1000;
  }

  private async negotiate(pc: RTCPeerConnection): Promise<void> {
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await iceGathered(pc, GATHER_TIMEOUT_MS);
      if (this.destroyed) return;
      const offer = pc.localDescription?.sdp;
      if (!offer) throw new Error('the browser made no offer');
      const answer = await negotiateWebRtc(absoluteUrl(this.source.url, this.options.baseUrl), offer, {
        signal: this.abort.signal,
      });
      if (this.destroyed) {
        void endWebRtcSession(answer);
        return;
      }
      this.answer = answer;
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      if (this.destroyed) return;
      if (this.options.audio && this.video) this.soundOf(answer.sdp, this.video);
      this.watchTransport(pc);
      // The media server answered: as a stream's first bytes do for the other players.
      this.setMediaInfo({
        videoCodec: videoCodecOfAnswer(answer.sdp),
        audioCodec: null,
        width: null,
        height: null,
      });
      this.statsTimer = setInterval(() => void this.readStats(), STATS_INTERVAL_MS);
    } catch (error) {
      if (this.destroyed) return;
      if (error instanceof WebRtcNegotiationError) this.fail(error.playerError);
      else this.fail({ kind: 'media', message: `WebRTC negotiation failed: ${errorText(error)}` });
    }
  }

  /** The server ending the session closes its DTLS transport (close_notify): report it as a drop. */
  private watchTransport(pc: RTCPeerConnection): void {
    const transport = pc.getReceivers().find((r) => r.track.kind === 'video')?.transport;
    if (!transport) return;
    const onState = () => {
      if (transport.state === 'closed')
        this.fail({ kind: 'ended', message: 'the media server ended the WebRTC session' });
      else if (transport.state === 'failed')
        this.fail({ kind: 'network', message: 'the WebRTC connection failed (DTLS)' });
    };
    transport.addEventListener('statechange', onState);
    this.cleanups.push(() => transport.removeEventListener('statechange', onState));
  }

  private async readStats(): Promise<void> {
    const pc = this.pc;
    if (!pc || this.destroyed) return;
    let report: RTCStatsReport;
    try {
      report = await pc.getStats();
    } catch {
      return;
    }
    if (this.destroyed) return;
    const reading: RtcReading = {
      at: this.now(),
      bytesReceived: 0,
      framesDecoded: 0,
      packetsLost: 0,
      jitterBufferDelay: 0,
      jitterBufferEmittedCount: 0,
    };
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type !== 'inbound-rtp') return;
      reading.bytesReceived += numberOf(entry.bytesReceived);
      reading.packetsLost += numberOf(entry.packetsLost);
      if (entry.kind !== 'video') return;
      reading.framesDecoded += numberOf(entry.framesDecoded);
      reading.jitterBufferDelay += numberOf(entry.jitterBufferDelay);
      reading.jitterBufferEmittedCount += numberOf(entry.jitterBufferEmittedCount);
    });
    const last = this.lastReading;
    this.lastReading = reading;
    this.packetsLost = reading.packetsLost;
    if (!last) return;
    const seconds = (reading.at - last.at) / 1000;
    if (seconds <= 0) return;
    this.rtcFps = Math.max(0, (reading.framesDecoded - last.framesDecoded) / seconds);
    this.bitrateKbps = Math.max(0, ((reading.bytesReceived - last.bytesReceived) * 8) / 1000 / seconds);
    const emitted = reading.jitterBufferEmittedCount - last.jitterBufferEmittedCount;
    if (emitted > 0)
      this.jitterBufferMs = ((reading.jitterBufferDelay - last.jitterBufferDelay) * 1000) / emitted;
    this.readSource();
    this.events.emit('statistics', { bitrateKbps: this.bitrateKbps });
  }

  private listen(target: EventTarget, name: string, listener: EventListener): void {
    target.addEventListener(name, listener);
    this.cleanups.push(() => target.removeEventListener(name, listener));
  }
}

/** The sound an answer settled on (`opus`, `alaw` for PCMA, `ulaw` for PCMU…), or null for none. */
function audioCodecOfAnswer(sdp: string): string | null {
  const lines = sdp.split(/\r?\n/);
  const start = lines.findIndex((l) => /^m=audio [1-9]/.test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('m='));
  const section = lines.slice(start, end < 0 ? undefined : end);
  if (section.some((l) => l === 'a=inactive' || l === 'a=recvonly')) return null;
  const payload = section[0].split(' ')[3];
  const name = section
    .find((l) => l.startsWith(`a=rtpmap:${payload} `))
    ?.split(' ')[1]
    ?.split('/')[0];
  const lower = name?.toLowerCase() ?? null;
  if (lower === 'pcma') return 'alaw';
  if (lower === 'pcmu') return 'ulaw';
  return lower;
}

/** Resolves when ICE gathering is complete, or after `timeoutMs` (the offer then carries what it has). */
function iceGathered(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
  });
}

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
