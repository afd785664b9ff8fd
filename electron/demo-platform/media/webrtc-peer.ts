import { randomBytes } from 'node:crypto';
import {
  H264Packetizer,
  MediaStreamTrack,
  RTCPeerConnection,
  useH264,
  type CipherContext,
  type RTCRtpTransceiver,
} from 'werift';
import type { ClipTicker, FrameSubscriber, LiveFrame } from './clip-ticker';
import type { ActiveFault } from './fault-controller';
import type { ViewerCounters } from './viewer';
import { isLoopbackAddress, keepLoopbackCandidates } from './webrtc-sdp';

/** RTP payload size: well under any loopback MTU, and what browsers use themselves. */
const MAX_RTP_PAYLOAD = 1200;
/**
 * The cached GOP goes out one picture per millisecond on connect, stamped 1 ms (90 ticks) apart: as fast
 * as it can be decoded, but paced, so that a GOP (150–250 packets) does not overflow the browser's socket.
 */
const BURST_SPACING_MS = 1;
const BURST_TICKS = 90;
/**
 * How long ICE gathering may take before the answer goes out with what it has (host candidates only:
 * done in milliseconds, but a busy machine took over 2 s, and an answer without its candidate never
 * connects).
 */
const GATHER_TIMEOUT_MS = 15_000;
/** A session whose browser never connects is closed after this long. */
const CONNECT_TIMEOUT_MS = 15_000;
/** The close_notify alert is sent this many times, this far apart, before the peer connection closes. */
const CLOSE_NOTIFY_REPEATS = 3;
const CLOSE_NOTIFY_GRACE_MS = 50;
/** A session whose connection is lost (the browser went away without a DELETE) is closed after this long. */
const DISCONNECTED_GRACE_MS = 5_000;

/**
 * The werift configuration of every demo session: loopback only, no STUN or TURN (werift's default
 * would ask Google's STUN server), UDP over IPv4, H.264 video and nothing else.
 *
 * werift gathers a host candidate per interface of the machine and skips loopback ones; so 127.0.0.1 is
 * added, every socket is bound to 127.0.0.1, the other candidates are dropped from the answer
 * (`keepLoopbackCandidates`), and pairs with a remote address off loopback are never checked.
 */
export function loopbackPeerConnection(): RTCPeerConnection {
  return new RTCPeerConnection({
    iceServers: [],
    iceUseIpv4: true,
    iceUseIpv6: false,
    iceUseTcp: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceFilterCandidatePair: (pair) =>
      isLoopbackAddress(pair.localCandidate.host) && isLoopbackAddress(pair.remoteCandidate.host),
    codecs: { audio: [], video: [useH264()] },
    headerExtensions: { audio: [], video: [] },
  });
}

export interface WebRtcPeerOptions {
  id: string;
  deviceKey: string;
  streamId: string;
  ticker: ClipTicker;
  /** Told once when the session ends, whatever ended it. */
  onEnd: (peer: WebRtcPeer) => void;
  log?: (line: string) => void;
}

/**
 * One WebRTC play session: a werift peer connection that sends one clip's pictures as H.264 over RTP.
 *
 * It subscribes to the clip's ticker once the browser has connected (DTLS up; RTP sent before that would be
 * lost), so the cached GOP goes out first and the first picture comes without waiting for a keyframe.
 * Those cached pictures are paced one per millisecond and stamped 1 ms apart ending at the live picture's
 * time, so the browser's jitter buffer takes them as arriving on time, shows them in a flash and stays at
 * the live edge; from then on each picture's RTP timestamp is its place on the live timeline (90 kHz).
 * Faults follow the viewers': `drop` closes the session, `stall` stops sending and resumes at a keyframe,
 * `offline` ends it. Ending sends the browser a DTLS close_notify (`sendCloseNotify`).
 */
export class WebRtcPeer implements FrameSubscriber {
  readonly counters: ViewerCounters = { framesSent: 0, framesSkipped: 0 };
  private readonly pc = loopbackPeerConnection();
  private readonly track = new MediaStreamTrack({ kind: 'video' });
  private readonly packetizer: H264Packetizer;
  private unsubscribe: (() => void) | undefined;
  private connected = false;
  private closed = false;
  private stalled = false;
  private needKeyframe = true;
  private burst: LiveFrame[] | null = null;
  /** Pictures waiting to be sent while the cached GOP is paced out (live ones queue behind it). */
  private readonly queue: { frame: LiveFrame; timestamp: number }[] = [];
  private drainTimer: NodeJS.Timeout | undefined;
  private fault: ActiveFault | undefined;
  private readonly faultTimers = new Set<NodeJS.Timeout>();
  private connectTimer: NodeJS.Timeout | undefined;
  private disconnectedTimer: NodeJS.Timeout | undefined;
  private readonly log: (line: string) => void;

  constructor(private readonly options: WebRtcPeerOptions) {
    this.log = options.log ?? (() => undefined);
    const { clip } = options.ticker;
    this.packetizer = new H264Packetizer({
      maxPayloadSize: MAX_RTP_PAYLOAD,
      inputFormat: 'length-prefixed',
      naluLengthSize: 4,
      parameterSets: [clip.sps, clip.pps],
      ssrc: randomBytes(4).readUInt32BE(),
    });
    this.pc.connectionStateChange.subscribe((state) => this.followConnection(state));
  }

  get id(): string {
    return this.options.id;
  }

  get deviceKey(): string {
    return this.options.deviceKey;
  }

  get streamId(): string {
    return this.options.streamId;
  }

  /**
   * Take the browser's offer and make the answer (the whole of it: ICE candidates included, no trickle).
   * Throws `OfferError` for an offer without a video section this demo can answer.
   */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: keepLoopbackCandidates(offerSdp) });
    const video = this.pc.getTransceivers().find((t: RTCRtpTransceiver) => t.kind === 'video' && !t.rejected);
    if (!video) throw new OfferError('the offer has no video section this server can send H.264 on');
    video.setDirection('sendonly');
    await video.sender.replaceTrack(this.track);
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.gathered();
    const sdp = this.pc.localDescription?.sdp;
    if (!sdp) throw new Error('werift made no answer');
    if (!/^a=rtpmap:\d+ H264\/90000/im.test(sdp))
      throw new OfferError('the offer has no H.264 (packetization-mode=1) this server can send');
    this.connectTimer = setTimeout(() => {
      if (!this.connected) this.close('the browser never connected');
    }, CONNECT_TIMEOUT_MS);
    // A browser that closes its peer connection says so with a DTLS close_notify.
    for (const transport of this.pc.dtlsTransports)
      transport.onStateChange.subscribe((state) => {
        if (state === 'closed' || state === 'failed') this.close(`the browser's DTLS transport ${state}`);
      });
    return keepLoopbackCandidates(sdp);
  }

  offer(frame: LiveFrame): void {
    if (this.closed || !this.connected) return;
    if (this.stalled) {
      this.needKeyframe = true;
      this.dropQueue();
      return;
    }
    if (this.needKeyframe && !frame.key) {
      this.counters.framesSkipped += 1;
      return;
    }
    this.needKeyframe = false;
    if (this.burst) {
      this.burst.push(frame);
      return;
    }
    this.enqueue(frame, rtpTimestamp(frame));
  }

  /**
   * Follow a change of this stream's fault (undefined: back to normal), as the viewers do. Called once when
   * the session is created too.
   */
  applyFault(next: ActiveFault | undefined): void {
    if (this.closed || next === this.fault) return;
    const previous = this.fault?.fault;
    this.fault = next;
    for (const timer of this.faultTimers) clearTimeout(timer);
    this.faultTimers.clear();
    if (previous?.type === 'stall') this.stalled = false;
    const fault = next?.fault;
    switch (fault?.type) {
      case 'drop':
        this.after(fault.afterSeconds, () => this.close('drop fault'));
        break;
      case 'stall':
        this.stalled = true;
        this.needKeyframe = true;
        this.dropQueue();
        this.after(fault.seconds, () => {
          this.stalled = false;
          if (fault.then === 'close') this.close('stall fault, then close');
        });
        break;
      case 'offline':
        this.close('the device went offline');
        break;
      default:
        // refuse: only new offers are refused; throttle, garbage, reconfigure: not applied to WebRTC.
        break;
    }
  }

  /** End the session: the peer connection is closed (the browser sees its DTLS transport close). */
  close(why = 'closed'): void {
    if (this.closed) return;
    this.closed = true;
    this.log(`[media] webrtc session ${this.id} closed: ${why}`);
    for (const timer of this.faultTimers) clearTimeout(timer);
    this.faultTimers.clear();
    clearTimeout(this.connectTimer);
    clearTimeout(this.disconnectedTimer);
    this.dropQueue();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.track.stop();
    const pc = this.pc;
    // The alert is a UDP datagram: sent a few times (a browser busy with a burst may miss one), and the
    // socket kept open a moment so the last one leaves.
    void (async () => {
      for (let i = 0; i < CLOSE_NOTIFY_REPEATS; i += 1) {
        await sendCloseNotify(pc).catch(() => undefined);
        await new Promise((r) => setTimeout(r, CLOSE_NOTIFY_GRACE_MS));
      }
      await pc.close().catch(() => undefined);
    })();
    this.options.onEnd(this);
  }

  private followConnection(state: string): void {
    if (this.closed) return;
    if (state === 'connected') {
      clearTimeout(this.disconnectedTimer);
      this.disconnectedTimer = undefined;
      if (!this.connected) this.start();
    } else if (state === 'disconnected') {
      this.disconnectedTimer ??= setTimeout(
        () => this.close('the connection was lost'),
        DISCONNECTED_GRACE_MS,
      );
    } else if (state === 'failed' || state === 'closed') {
      this.close(`connection ${state}`);
    }
  }

  /** DTLS is up: the cached GOP goes out at once (stamped to arrive "on time"), then live pictures. */
  private start(): void {
    this.connected = true;
    clearTimeout(this.connectTimer);
    this.burst = [];
    this.unsubscribe = this.options.ticker.subscribe(this);
    const burst = this.burst;
    this.burst = null;
    const last = burst[burst.length - 1];
    if (!last) return;
    const end = rtpTimestamp(last);
    burst.forEach((frame, i) => this.enqueue(frame, (end - (burst.length - 1 - i) * BURST_TICKS) >>> 0));
  }

  /** Send now, or after the pictures already waiting (one per BURST_SPACING_MS). */
  private enqueue(frame: LiveFrame, timestamp: number): void {
    if (this.drainTimer === undefined) {
      this.send(frame, timestamp);
      this.drainTimer = setTimeout(() => this.drain(), BURST_SPACING_MS);
      return;
    }
    this.queue.push({ frame, timestamp });
  }

  private drain(): void {
    const next = this.queue.shift();
    if (!next || this.closed) {
      this.drainTimer = undefined;
      return;
    }
    this.send(next.frame, next.timestamp);
    this.drainTimer = setTimeout(() => this.drain(), BURST_SPACING_MS);
  }

  private dropQueue(): void {
    this.counters.framesSkipped += this.queue.length;
    this.queue.length = 0;
    clearTimeout(this.drainTimer);
    this.drainTimer = undefined;
  }

  private send(frame: LiveFrame, timestamp: number): void {
    this.counters.framesSent += 1;
    for (const packet of this.packetizer.packetize(frame.frame.avcc, timestamp, { isKeyframe: frame.key }))
      this.track.writeRtp(packet);
  }

  private after(seconds: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.faultTimers.delete(timer);
      action();
    }, seconds * 1000);
    this.faultTimers.add(timer);
  }

  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, GATHER_TIMEOUT_MS);
      const { unSubscribe } = this.pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') done();
      });
      function done(): void {
        clearTimeout(timer);
        unSubscribe();
        resolve();
      }
    });
  }
}

/** The RTP timestamp of a picture: its place on the live timeline at 90 kHz, modulo 2^32. */
function rtpTimestamp(frame: LiveFrame): number {
  return frame.ticks90k % 2 ** 32;
}

/**
 * Tell the browser the session is over with a DTLS close_notify alert, as a media server does when it ends
 * a stream. werift's close does not send one (its own "todo"), and without it a browser only notices a
 * closed session by silence (its ICE checks go unanswered for many seconds). The alert is a record like
 * werift's application data, of content type alert (21): level warning (1), description close_notify (0).
 */
export async function sendCloseNotify(pc: RTCPeerConnection): Promise<void> {
  for (const transport of pc.dtlsTransports) {
    const socket = transport.dtls;
    if (!socket || transport.state !== 'connected') continue;
    const alert = Buffer.from([1, 0]);
    const header = {
      contentType: 21,
      protocolVersion: socket.dtls.version,
      epoch: socket.dtls.epoch,
      sequenceNumber: ++socket.dtls.recordSequenceNumber,
      contentLen: alert.length,
    };
    const record = socket.cipher.encryptPacket({
      recordLayerHeader: header,
      fragment: alert,
    } as unknown as Parameters<CipherContext['encryptPacket']>[0]);
    const fragment = record.fragment;
    const out = Buffer.alloc(13 + fragment.length);
    out.writeUInt8(header.contentType, 0);
    out.writeUInt8(header.protocolVersion.major, 1);
    out.writeUInt8(header.protocolVersion.minor, 2);
    out.writeUInt16BE(header.epoch, 3);
    out.writeUIntBE(header.sequenceNumber, 5, 6);
    out.writeUInt16BE(fragment.length, 11);
    fragment.copy(out, 13);
    await socket.transport.send(out);
  }
}

/** An offer this demo cannot answer (400). */
export class OfferError extends Error {}
