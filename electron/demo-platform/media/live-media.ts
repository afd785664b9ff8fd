import type { StreamPlayback } from '../../shared/domain';
import { DemoHttpError, type MediaBackend, type StreamRequest } from '../media-backend';
import { cameraAudioFor, loadAudioTracks, type CameraAudio } from './camera-audio';
import { defaultMediaDir, loadClips, type Clip } from './clip-library';
import { clipForDevice } from './clip-for-device';
import { FaultController } from './fault-controller';
import { MediaServer, type MediaStats } from './media-server';
import { playbackUrls, scrambleUrls } from './playback-urls';
import { StreamRegistry } from './stream-registry';
import type { RtcShape } from './webrtc-routes';

export interface LiveMediaOptions {
  /** Port of the media server; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Host written into playback URLs; default the listening host (127.0.0.1 for a wildcard). */
  advertisedHost?: string;
  /** Secrets expire this long after streamStart minted them; off by default. */
  secretTtlMs?: number;
  /** Return every URL under another field's name (the spec sample's quirk), so clients classify URLs. */
  scrambleFields?: boolean;
  /**
   * Which WebRTC play endpoint the `rtc` field points at: ZLMediaKit's `/index/api/webrtc` ('zlm',
   * default) or WHEP at `/index/api/whep` ('whep'). Both are served either way.
   */
  rtcShape?: RtcShape;
  /** Folder holding clips.json and the clips; default resources/demo-media. */
  mediaDir?: string;
  /** Clips already loaded (tests that start many servers); overrides mediaDir. */
  clips?: Clip[];
  /** A viewer with more than this waiting in its socket skips to the next keyframe; default 512 KiB. */
  maxBufferedBytes?: number;
  /**
   * The monotonic clock (ms) that paces the live timeline; default performance.now. Tests pass a faster
   * clock to cross a clip loop or an HLS window in a second. Secret expiry and faults keep real time.
   */
  clock?: () => number;
  /**
   * FLV time (ms) of the live picture when the first viewer's pictures are muxed; default: the
   * timeline's start is FLV time 0. FLV holds 32 bits of milliseconds, so a stream crosses 2^31 after
   * 24.8 days and wraps after 49.7: tests start a few seconds before, from when their tile connects.
   */
  flvLiveAtFirstUseMs?: number;
  /** Where the start-up line goes; default stderr (stdout belongs to the CLIs' one JSON line). */
  log?: (line: string) => void;
  /**
   * Serve as a real ZLMediaKit does (CLI `--zlm`; off by default): camera audio muxed with the picture
   * (G.711 A-law or μ-law, AAC, or for a camera without audio ZLMediaKit's silent AAC track; see
   * cameraAudioFor), WS-FLV in one WebSocket message per write, HLS segment URLs without the secret,
   * a refused secret as HTTP 401 and, on /index/api/webrtc, as HTTP 200 with `code` -400.
   */
  zlm?: boolean;
}

interface LiveMediaStats extends MediaStats {
  /** Streams announced by streamStart. */
  streams: number;
}

/** The demo platform's live media: streamStart's backend and the media server behind its URLs. */
export interface LiveMedia extends MediaBackend {
  /** http://host:port of the media server (also the admin endpoint's origin). */
  readonly origin: string;
  readonly faults: FaultController;
  readonly clips: readonly Clip[];
  setScrambleFields(on: boolean): void;
  /** Point the `rtc` field of later streamStart results at the other signalling shape. */
  setRtcShape(shape: RtcShape): void;
  readonly rtcShape: RtcShape;
  /** Whether it plays a real ZLMediaKit's habits (LiveMediaOptions.zlm). */
  readonly zlm: boolean;
  /** The audio a device's streams carry under those habits ('none': ZLMediaKit's silent AAC is added). */
  cameraAudio(deviceKey: string): CameraAudio;
  stats(): LiveMediaStats;
  /**
   * When the picture a WebRTC session sent with this RTP timestamp was due on the live timeline, on its
   * clock (`clock`, performance.now by default): how the benchmark measures WebRTC latency behind live.
   */
  webrtcPictureDueAt(rtpTimestamp: number): number;
  close(): Promise<void>;
}

/** Load the fixtures and start the media server. */
export async function createLiveMedia(options: LiveMediaOptions = {}): Promise<LiveMedia> {
  const clips = options.clips ?? (await loadClips(options.mediaDir));
  const zlm = options.zlm === true;
  const audio = zlm ? await loadAudioTracks(options.mediaDir ?? defaultMediaDir()) : undefined;
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? (() => performance.now());
  const registry = new StreamRegistry(options.secretTtlMs);
  const faults = new FaultController();
  const server = new MediaServer({
    clips,
    registry,
    faults,
    maxBufferedBytes: options.maxBufferedBytes ?? 512 * 1024,
    now: clock,
    flvLiveAtFirstUseMs: options.flvLiveAtFirstUseMs,
    ...(audio && { zlm: { audio } }),
  });
  const address = await server.listen(options.port ?? 0, host);
  const wildcard = host === '0.0.0.0' || host === '::';
  const urlHost = options.advertisedHost ?? (wildcard ? '127.0.0.1' : host);
  const originHost = urlHost.includes(':') ? `[${urlHost}]` : urlHost;
  const origin = `http://${originHost}:${address.port}`;
  let scramble = options.scrambleFields ?? false;
  let rtcShape: RtcShape = options.rtcShape ?? 'zlm';
  (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)))(
    `[media] live media on ${origin} (${clips.length} clips${zlm ? ', ZLMediaKit habits' : ''})`,
  );

  return {
    origin,
    faults,
    clips,
    setScrambleFields(on: boolean): void {
      scramble = on;
    },
    setRtcShape(shape: RtcShape): void {
      rtcShape = shape;
    },
    get rtcShape(): RtcShape {
      return rtcShape;
    },
    zlm,
    cameraAudio: cameraAudioFor,
    stats: () => ({ ...server.stats(), streams: registry.size }),
    webrtcPictureDueAt: (rtpTimestamp) => server.webrtcPictureDueAt(rtpTimestamp),
    async startStream(request: StreamRequest): Promise<StreamPlayback> {
      const clip = clipForDevice(request.deviceKey, clips);
      const deviceFault = faults.resolve(request.deviceKey);
      if (deviceFault?.fault.type === 'offline') throw offline(request.deviceKey);
      const { record, secret } = registry.mint({ ...request, clipIndex: clip.index });
      if (faults.resolve(record.deviceKey, record.streamId)?.fault.type === 'offline')
        throw offline(request.deviceKey);
      const urls = playbackUrls({
        host: urlHost,
        port: address.port,
        app: record.app,
        streamId: record.streamId,
        secret,
        rtcShape,
      });
      return {
        streamId: record.streamId,
        sipId: record.sipId,
        channelId: record.channelId,
        ...(scramble ? scrambleUrls(urls, record.streamId) : urls),
      };
    },
    close: () => server.close(),
  };
}

function offline(deviceKey: string): DemoHttpError {
  return new DemoHttpError(503, 'DEVICE_OFFLINE', `Device ${deviceKey} is offline.`);
}
