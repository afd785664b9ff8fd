import type { PictureRate } from './keyframe-gate';
import type { PlaybackTransport, PlayerLibrary } from './transport';

export type { PictureRate } from './keyframe-gate';

/** What a player plays: one classified URL. */
export interface PlayerSource {
  /** Absolute URL (it may carry the stream's `secret`: never log it unredacted). */
  url: string;
  transport: PlaybackTransport;
  /** https or wss. */
  tls: boolean;
}

/** A fatal playback failure, as the player saw it. Players report it once and never recover in place. */
/**
 * How often a player that shows its own decoded pictures looks for one that is due (ms): a 50 fps
 * stream's pace. `PlayerOptions.beat` beats at it for a whole wall.
 */
export const PRESENT_EVERY_MS = 20;

export interface PlayerError {
  /**
   * - network: the connection failed or was refused
   * - http-status: the media server answered an HTTP error (`status`)
   * - ended: a live stream closed (a live stream never ends on purpose)
   * - media: the bytes could not be demuxed or decoded
   * - codec-unsupported: the stream's codec cannot be decoded here
   * - unsupported: this runtime cannot play the transport at all (no MSE)
   */
  kind: 'network' | 'http-status' | 'ended' | 'media' | 'codec-unsupported' | 'unsupported';
  status?: number;
  /** For logs and the stats overlay; never holds a URL. */
  message: string;
  /**
   * The failure is this player's own decoder's (WebCodecs refused the stream or kept failing on it):
   * another player for the same transport (mpegts.js on Media Source) may play it.
   */
  decoder?: true;
}

/** What the stream turned out to hold, once the player has parsed it. */
export interface PlayerMediaInfo {
  /** RFC 6381 codec string, for example `avc1.64001e` or `hvc1.1.6.L93.B0`. */
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
}

/** A snapshot of a player's figures; cheap to take once a second. */
export interface PlayerStats {
  transport: PlaybackTransport;
  tls: boolean;
  library: PlayerLibrary;
  /** Frames presented per second over the last couple of seconds; null before two samples. */
  fps: number | null;
  /** Since this player started. */
  decodedFrames: number;
  droppedFrames: number;
  /** Received bit rate in kbit/s; null until known. */
  bitrateKbps: number | null;
  /**
   * Seconds behind the live edge (buffered end minus playback position; hls.js: its own latency; WebRTC:
   * the jitter buffer delay).
   */
  latencySeconds: number | null;
  width: number;
  height: number;
  /** Video codec string from the media info, null until known. */
  codec: string | null;
  /** When the last new frame was seen (clock ms), null before the first one. */
  lastFrameAt: number | null;
  /** `now - lastFrameAt`, null before the first frame. */
  frameAgeMs: number | null;
  /** WebRTC only: the jitter buffer's delay per frame over the last second (ms), from getStats(). */
  jitterBufferMs?: number | null;
  /** WebRTC only: RTP packets lost since the session began, from getStats(). */
  packetsLost?: number | null;
  /**
   * The rate the player shows pictures at now (see `Player.setRate`); absent for players that only
   * play at full rate. `overview` holds while a return to full waits for the next keyframe.
   */
  rate?: PictureRate;
  /** The stream's keyframe interval from its own timestamps (ms), where the player knows it. */
  keyframeIntervalMs?: number | null;
  /** The stream's own picture rate from its timestamps (pictures/s), where the player knows it. */
  streamFps?: number | null;
  /** How late the last frame callback ran behind its frame's display time (ms); see FrameMeter. */
  callbackLatenessMs?: number | null;
  /**
   * How live the picture is, measured from the stream itself (never from the buffer alone): see
   * PlayerLiveness. Absent for a player that cannot measure it.
   */
  liveness?: PlayerLiveness;
  /** The tile's sound, for the one tile that asks for it (PlayerOptions.audio); absent otherwise. */
  audio?: PlayerAudio;
}

/**
 * How far behind the camera a tile's picture is, from the stream's own timestamps.
 *
 * `trailMs`: how far the newest received frame trails the camera: for each arriving frame,
 * (arrival clock − media timestamp), minus the smallest such value seen since the connection opened
 * (the frame that came soonest after it was made, usually the live edge right after the GOP-cache
 * burst). It grows when delivery falls behind (a slow network, a busy page that reads its socket late).
 * `queuedMs`: media received but not yet shown (buffered end − playback position, or the jitter buffer).
 * `behindMs`: trailMs + queuedMs, the age of the picture on screen beyond the stream's own start-up
 * delay; what the tile, the status bar and the catch-up act on. Null until two frames have arrived.
 */
export interface PlayerLiveness {
  trailMs: number | null;
  queuedMs: number | null;
  behindMs: number | null;
  /**
   * The part of `trailMs` that is the wait for an overdue frame (nothing came for longer than the
   * stream's cadence allows): the newest picture ages meanwhile. A stream that stopped is the frame
   * watchdog's to handle, not a catch-up's. Absent: none measured.
   */
  waitingMs?: number;
}

/** The sound of the audible tile (PlayerOptions.audio). */
export interface PlayerAudio {
  /**
   * - none: the stream carries no audio track
   * - playing: the stream's audio is played (in step with the picture)
   * - unsupported: the stream's audio cannot be played here (`reason` says why); the picture plays on
   * - pending: not known yet
   */
  state: 'none' | 'playing' | 'unsupported' | 'pending';
  /** The stream's audio codec as read from it (`mp4a.40.2`, `alaw`, `ulaw`, `opus`), when known. */
  codec: string | null;
  reason?: string;
}

export interface PlayerEventMap {
  /** Fatal; the owner destroys the player and makes a new one to recover. */
  error: PlayerError;
  'media-info': PlayerMediaInfo;
  /**
   * The stream's connection is made (a WebSocket's handshake is done, an HTTP stream's response
   * headers came): what the start scheduler gates is over. Only players that see their connection
   * say so (FLV through the gated loader); the others are known to be connected by `media-info`.
   */
  connected: { at: number };
  /** The library's own transfer statistics. */
  statistics: { bitrateKbps: number };
  /** The first frame of this player was presented (or decoded, where frame callbacks are unavailable). */
  'first-frame': { at: number };
}

export type PlayerEvent = keyof PlayerEventMap;

/**
 * One stream on one `<video>` element.
 *
 * Life cycle: `attach(video)` then `start()`; `destroy()` stops all network activity, detaches from the
 * element and drops every listener. A player plays once: after an `error` (or to change URL) destroy it
 * and create a new one.
 */
export interface Player {
  readonly source: PlayerSource;
  attach(video: HTMLVideoElement): void;
  start(): void;
  destroy(): void;
  stats(): PlayerStats;
  /** Returns an unsubscribe function. */
  on<E extends PlayerEvent>(event: E, listener: (payload: PlayerEventMap[E]) => void): () => void;
  /**
   * Show every picture (`full`) or only the stream's keyframes (`overview`: a fraction of the decode
   * cost), on the same connection. Overview starts at once; full resumes at the next keyframe (never
   * in the middle of a GOP), so the switch shows no broken or black picture. Returns false when this
   * player cannot (it then stays at full rate). Optional: a player without it plays at full rate.
   */
  setRate?(rate: PictureRate): boolean;
  /**
   * Jump to the newest picture the player holds (the newest keyframe, or the buffered live edge),
   * dropping what waits unshown. Returns false when this player cannot; the owner then reconnects.
   * Optional: a player without it is reconnected to catch up.
   */
  catchUp?(): boolean;
}

/** Settings every adapter understands; the defaults suit a low-latency wall. */
export interface PlayerOptions {
  /**
   * Ask for the stream's sound (only the wall's audible tile does). Default false: the player drops
   * every audio track before demux/remux (mpegts.js `hasAudio: false`, a video-only init segment and
   * SourceBuffer for fMP4, no audio for hls.js and WebRTC), so audio never costs a picture. Changing
   * it means a new player.
   */
  audio?: boolean;
  /** The clock frame times are measured with; the supervisor passes its own. Default `monotonicNow`. */
  now?: () => number;
  /** Use requestVideoFrameCallback to time frames (default true where available). */
  frameCallbacks?: boolean;
  /** Keep at most this much latency before jumping to the live edge (s). */
  maxLatencySeconds?: number;
  /** Where a jump to the live edge lands, behind the buffered end (s). */
  minRemainSeconds?: number;
  /** Back buffer kept by the players (s); older data is removed so memory stays flat. */
  backBufferSeconds?: number;
  /**
   * How a muted FLV tile's pictures are decoded: `webcodecs` (default where the runtime has WebCodecs
   * and MediaStreamTrackGenerator: webcodecs-flv-player.ts) or `mse` (mpegts.js on Media Source
   * Extensions, the only road for the audible tile, worker mode and other runtimes).
   */
  flvDecoder?: 'webcodecs' | 'mse';
  /**
   * A shared timer for the players that show their own decoded pictures: calls `tick` every
   * PRESENT_EVERY_MS (20 ms) until the function returned is called. Default: a timer per player.
   */
  beat?: (tick: () => void) => () => void;
  /** mpegts.js: transmux in a Web Worker. Off by default: see mpegts-player.ts. */
  worker?: boolean;
  /** hls.js: URL of `hls.worker.js` (the ESM build of hls.js can only run its worker from a URL). */
  hlsWorkerPath?: string | null;
  /** Play HTTP fMP4 on a plain `<video src>` even where MSE exists (default: MSE, see mse-fmp4-player.ts). */
  nativeFmp4?: boolean;
  /** Resolves relative URLs; default `location.href`. */
  baseUrl?: string;
  /**
   * WebRTC: the ICE servers of each peer connection. Default none: a media server on the same network
   * (or this computer) is reached through host candidates; add STUN/TURN for one behind NAT.
   */
  iceServers?: RTCIceServer[];
}

export type PlayerFactory = (source: PlayerSource, options?: PlayerOptions) => Player;
