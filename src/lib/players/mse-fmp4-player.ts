import { absoluteUrl } from './absolute-url';
import { AudioSink } from './audio-sink';
import { BasePlayer, errorText, PLAYER_DEFAULTS } from './base-player';
import { ByteRate } from './byte-rate';
import { Fmp4Fragments } from './fmp4-fragments';
import { soundOf } from './flv-audio';
import { decodeG711 } from './g711';
import { LivenessMeter } from './liveness-meter';
import { initWithTracks, readMp4Init, type Mp4Init, type Mp4Track } from './mp4-init';
import type { PlayerAudio, PlayerStats } from './player';

/** More than this waiting to be appended means the element cannot keep up: give up and restart. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/**
 * Fragmented MP4 appended to Media Source Extensions as it arrives, from a WebSocket (ws-fmp4) or a
 * streaming fetch of a progressive HTTP URL (fmp4).
 *
 * The first bytes must be the init segment (ftyp+moov); its codecs make the SourceBuffer type. After
 * that the chunks are appended as they come (MSE parses boxes across chunk boundaries). Like the
 * other adapters it stays near the live edge (a proportional rate, a jump when far behind) and trims
 * the back buffer. For HTTP fMP4 this beats a plain `<video src>`: a cut connection is seen at once
 * (Chromium's own loader silently re-requests the URL and the picture freezes), and the live edge is
 * kept exactly.
 *
 * The init segment is cut down to what the tile plays: the video track, and the audio track only on the
 * audible tile (`audio: true`) and only where MSE can play its codec (AAC, Opus); every other track is
 * left out of the init segment and its trafs out of each moof (fmp4-fragments.ts), so an `alaw` or a
 * silent `mp4a` track never costs, or breaks, the picture. The audible tile's G.711 (`alaw`/`ulaw`,
 * which MSE cannot play) is taken from each fragment and played here, through the table into Web Audio. Each video fragment's decode time (tfdt)
 * against its arrival gives the liveness figures.
 */
export class MseFmp4Player extends BasePlayer {
  protected readonly library = 'mse-fmp4';
  private socket: WebSocket | null = null;
  private abort: AbortController | null = null;
  private mediaSource: MediaSource | null = null;
  private buffer: SourceBuffer | null = null;
  private objectUrl: string | null = null;
  private head: Uint8Array = new Uint8Array(0);
  private readonly pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private bytes = new ByteRate(this.now);
  private fragments: Fmp4Fragments | null = null;
  private readonly liveness = new LivenessMeter();
  private audioState: PlayerAudio = { state: 'pending', codec: null };
  private sink: AudioSink | null = null;

  protected open(video: HTMLVideoElement): void {
    // The rate counts from the connection, not from when the player was made (it may wait for a start slot).
    this.bytes = new ByteRate(this.now);
    if (typeof MediaSource === 'undefined') {
      this.fail({ kind: 'unsupported', message: 'this runtime has no Media Source Extensions' });
      return;
    }
    const mediaSource = new MediaSource();
    this.mediaSource = mediaSource;
    this.objectUrl = URL.createObjectURL(mediaSource);
    mediaSource.addEventListener('sourceopen', () => this.connect(), { once: true });
    video.src = this.objectUrl;
    this.holdLiveRate(video);
    this.play(video);
  }

  /** Jump to the buffered live edge; false when it is delivery that trails (reconnect: catchUpWith). */
  catchUp(): boolean {
    return this.catchUpWith(this.liveness);
  }

  override stats(): PlayerStats {
    const stats = super.stats();
    const queued = this.video ? this.latency(this.video) : null;
    stats.liveness = this.liveness.liveness(queued === null ? null : queued * 1000, this.now());
    if (this.options.audio) stats.audio = this.audio();
    return stats;
  }

  /** The audible tile's sound: G.711 played here (soundOf), or the element's own (AAC, Opus). */
  private audio(): PlayerAudio {
    const audio = this.audioState;
    if (!this.sink || audio.state !== 'playing') return audio;
    if (audio.codec === 'alaw' || audio.codec === 'ulaw') return soundOf(audio, this.sink);
    if (this.sink.running) return audio;
    return {
      ...audio,
      state: 'pending',
      reason: 'the browser holds the sound until the user interacts with the page',
    };
  }

  protected close(video: HTMLVideoElement): void {
    this.sink?.close();
    this.sink = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close();
    }
    this.abort?.abort();
    this.abort = null;
    this.pending.length = 0;
    this.buffer = null;
    this.mediaSource = null;
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
    video.removeAttribute('src');
    video.load();
  }

  protected override currentBitrate(): number | null {
    return this.bytes.kbps();
  }

  private connect(): void {
    if (this.destroyed) return;
    if (this.source.transport === 'ws-fmp4') this.connectSocket();
    else void this.fetchStream();
  }

  private async fetchStream(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    try {
      const response = await fetch(absoluteUrl(this.source.url, this.options.baseUrl), {
        signal: abort.signal,
        cache: 'no-store',
      });
      if (!response.ok) {
        this.fail({ kind: 'http-status', status: response.status, message: `HTTP ${response.status}` });
        return;
      }
      if (!response.body) {
        this.fail({ kind: 'unsupported', message: 'this runtime cannot stream a response body' });
        return;
      }
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (this.destroyed) return;
        if (done) {
          this.fail({ kind: 'ended', message: 'the media server closed the stream' });
          return;
        }
        this.bytes.add(value.byteLength);
        this.receive(value);
      }
    } catch (error) {
      if (abort.signal.aborted || this.destroyed) return;
      this.fail({ kind: 'network', message: errorText(error) });
    }
  }

  private connectSocket(): void {
    const socket = new WebSocket(absoluteUrl(this.source.url, this.options.baseUrl));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onmessage = (event) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      this.bytes.add(event.data.byteLength);
      this.receive(new Uint8Array(event.data));
    };
    socket.onerror = () => this.fail({ kind: 'network', message: 'the WebSocket failed' });
    socket.onclose = () => this.fail({ kind: 'ended', message: 'the media server closed the stream' });
  }

  private receive(chunk: Uint8Array): void {
    if (this.destroyed) return;
    if (this.fragments) {
      this.enqueueMedia(chunk);
      return;
    }
    const joined = new Uint8Array(this.head.length + chunk.length);
    joined.set(this.head);
    joined.set(chunk, this.head.length);
    this.head = joined;
    let init;
    try {
      init = readMp4Init(joined);
    } catch (error) {
      this.fail({ kind: 'media', message: errorText(error) });
      return;
    }
    if (!init) return;
    this.head = new Uint8Array(0);
    this.begin(joined, init);
  }

  /** The init segment is here: choose the tracks, make the SourceBuffer, append. */
  private begin(joined: Uint8Array, init: Mp4Init): void {
    const video = init.tracks.find((t) => t.kind === 'video' && t.codec !== null) ?? null;
    const audio = this.chooseAudio(init.tracks);
    const codecs = [video?.codec, audio?.codec].filter((c): c is string => !!c);
    const mime = `video/mp4; codecs="${codecs.join(',')}"`;
    this.setMediaInfo({
      videoCodec: video?.codec ?? null,
      audioCodec: init.tracks.find((t) => t.kind === 'audio')?.codec ?? null,
      width: null,
      height: null,
    });
    if (!video || !MediaSource.isTypeSupported(mime)) {
      this.fail({ kind: 'codec-unsupported', message: `this runtime cannot play ${mime}` });
      return;
    }
    const kept = new Set([video.id, ...(audio ? [audio.id] : [])]);
    const dropTracks = new Set(init.tracks.filter((t) => !kept.has(t.id)).map((t) => t.id));
    try {
      const buffer = this.mediaSource!.addSourceBuffer(mime);
      buffer.mode = 'segments';
      buffer.addEventListener('updateend', () => this.afterAppend());
      buffer.addEventListener('error', () =>
        this.fail({ kind: 'media', message: 'appending to the SourceBuffer failed' }),
      );
      this.buffer = buffer;
    } catch (error) {
      this.fail({ kind: 'media', message: errorText(error) });
      return;
    }
    const timescale = video.timescale;
    const g711 = this.g711Track(init.tracks);
    this.fragments = new Fmp4Fragments({
      dropTracks,
      onFragment: (track, decodeTime) => {
        if (track === video.id) this.liveness.arrive((decodeTime / timescale) * 1000, this.now());
      },
      extractTracks: g711 ? new Set([g711.id]) : undefined,
      onSamples: (_track, decodeTime, bytes) => {
        if (!g711 || !this.sink) return;
        const law = g711.codec === 'alaw' ? 'alaw' : 'ulaw';
        this.sink.play((decodeTime / g711.timescale) * 1000, [decodeG711(law, bytes)], g711.timescale);
      },
    });
    this.enqueue(initWithTracks(joined, init, (t) => kept.has(t.id)));
    this.enqueueMedia(joined.subarray(init.length));
  }

  /**
   * The audio track the tile plays, if any: only with `audio`, and only a codec MSE plays here. Says
   * in `audioState` what became of the stream's sound; on the audible tile the element is unmuted.
   */
  private chooseAudio(tracks: Mp4Track[]): Mp4Track | null {
    const track = tracks.find((t) => t.kind === 'audio') ?? null;
    if (!this.options.audio) return null;
    if (!track) {
      this.audioState = { state: 'none', codec: null };
      return null;
    }
    const codec = track.codec ?? 'unknown';
    // G.711 (an `alaw`/`ulaw` trak, as ZLMediaKit writes it): MSE has no decoder; the player plays it.
    if (codec === 'alaw' || codec === 'ulaw') return null;
    if (!track.codec || !MediaSource.isTypeSupported(`audio/mp4; codecs="${codec}"`)) {
      this.audioState = {
        state: 'unsupported',
        codec,
        reason: `this player does not play ${codec} sound in fragmented MP4`,
      };
      return null;
    }
    this.audioState = { state: 'playing', codec };
    // The element plays the sound: unmute it where the browser lets the page make sound.
    const sink = new AudioSink(this.video!, () => null);
    if (sink.open()) {
      this.sink = sink;
      sink.whenRunning(() => {
        if (!this.destroyed && this.video) this.video.muted = false;
      });
    }
    return track;
  }

  /**
   * The audible tile's G.711 track, played here: its samples from each fragment through the table into
   * Web Audio, on the element's own timeline (MSE `segments` mode: decode time in seconds).
   */
  private g711Track(tracks: Mp4Track[]): Mp4Track | null {
    const track = tracks.find((t) => t.kind === 'audio');
    if (!this.options.audio || !this.video || (track?.codec !== 'alaw' && track?.codec !== 'ulaw'))
      return null;
    const sink = new AudioSink(this.video, (mediaMs) => mediaMs / 1000);
    if (!sink.open()) {
      this.audioState = { state: 'unsupported', codec: track.codec, reason: 'this runtime has no Web Audio' };
      return null;
    }
    this.sink = sink;
    this.audioState = { state: 'playing', codec: track.codec };
    return track;
  }

  private enqueueMedia(chunk: Uint8Array): void {
    let out: Uint8Array;
    try {
      out = this.fragments!.push(chunk);
    } catch (error) {
      this.fail({ kind: 'media', message: errorText(error) });
      return;
    }
    if (out.byteLength > 0) this.enqueue(out);
  }

  private enqueue(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes > MAX_PENDING_BYTES) {
      this.fail({ kind: 'media', message: 'the video element is not keeping up with the stream' });
      return;
    }
    this.appendNext();
  }

  private appendNext(): void {
    const buffer = this.buffer;
    if (!buffer || buffer.updating || this.pending.length === 0 || this.destroyed) return;
    const next = this.pending.shift()!;
    this.pendingBytes -= next.byteLength;
    try {
      buffer.appendBuffer(next as Uint8Array<ArrayBuffer>);
    } catch (error) {
      this.fail({ kind: 'media', message: errorText(error) });
    }
  }

  /** After each append: trim the back buffer, keep near the live edge, then append the next chunk. */
  private afterAppend(): void {
    const video = this.video;
    const buffer = this.buffer;
    // The element may have moved on (a new player on it closes this MediaSource, and its buffers go).
    if (!video || !buffer || this.destroyed || this.mediaSource?.readyState !== 'open') return;
    if (buffer.updating) return; // another operation's updateend comes
    let ranges: TimeRanges;
    try {
      ranges = buffer.buffered;
    } catch {
      return; // removed from its MediaSource
    }
    if (ranges.length > 0) {
      const start = ranges.start(0);
      const end = ranges.end(ranges.length - 1);
      const maxLatency = this.options.maxLatencySeconds ?? PLAYER_DEFAULTS.maxLatencySeconds;
      const minRemain = this.options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds;
      const backBuffer = this.options.backBufferSeconds ?? PLAYER_DEFAULTS.backBufferSeconds;
      if (video.currentTime < start || end - video.currentTime > maxLatency) {
        video.currentTime = Math.max(start, end - minRemain);
      } else if (video.currentTime - start > backBuffer * 1.5) {
        try {
          buffer.remove(start, video.currentTime - backBuffer);
          return; // the removal's own updateend continues the queue
        } catch {
          // InvalidStateError: the buffer is busy or gone; trim on a later append.
        }
      }
    }
    this.appendNext();
  }
}
