import { absoluteUrl } from './absolute-url';
import { BasePlayer, errorText } from './base-player';
import type { PlayerStats } from './player';
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

  protected open(video: HTMLVideoElement): void {
    if (typeof RTCPeerConnection !== 'function') {
      this.fail({ kind: 'unsupported', message: 'this runtime has no WebRTC (RTCPeerConnection)' });
      return;
    }
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers ?? [] });
    this.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    // Offered so that a stream with sound gets it; a server without audio rejects the section.
    pc.addTransceiver('audio', { direction: 'recvonly' });

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
    return {
      ...stats,
      fps: this.rtcFps ?? stats.fps,
      jitterBufferMs: this.jitterBufferMs,
      packetsLost: this.packetsLost,
    };
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
    this.events.emit('statistics', { bitrateKbps: this.bitrateKbps });
  }

  private listen(target: EventTarget, name: string, listener: EventListener): void {
    target.addEventListener(name, listener);
    this.cleanups.push(() => target.removeEventListener(name, listener));
  }
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
