import { absoluteUrl } from './absolute-url';
import { BasePlayer, errorText, PLAYER_DEFAULTS } from './base-player';
import { ByteRate } from './byte-rate';
import { readMp4Init } from './mp4-init';

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
  private readonly bytes = new ByteRate(this.now);

  protected open(video: HTMLVideoElement): void {
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

  protected close(video: HTMLVideoElement): void {
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
    if (!this.buffer) {
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
      const mime = `video/mp4; codecs="${init.codecs.join(',')}"`;
      if (init.codecs.length === 0 || !MediaSource.isTypeSupported(mime)) {
        this.setMediaInfo({
          videoCodec: init.codecs[0] ?? null,
          audioCodec: null,
          width: null,
          height: null,
        });
        this.fail({ kind: 'codec-unsupported', message: `this runtime cannot play ${mime}` });
        return;
      }
      this.setMediaInfo({
        videoCodec: init.codecs[0],
        audioCodec: init.codecs.find((c) => c.startsWith('mp4a')) ?? null,
        width: null,
        height: null,
      });
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
      this.head = new Uint8Array(0);
      this.enqueue(joined);
      return;
    }
    this.enqueue(chunk);
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
    if (!video || !buffer || this.destroyed) return;
    const ranges = buffer.buffered;
    if (ranges.length > 0) {
      const start = ranges.start(0);
      const end = ranges.end(ranges.length - 1);
      const maxLatency = this.options.maxLatencySeconds ?? PLAYER_DEFAULTS.maxLatencySeconds;
      const minRemain = this.options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds;
      const backBuffer = this.options.backBufferSeconds ?? PLAYER_DEFAULTS.backBufferSeconds;
      if (video.currentTime < start || end - video.currentTime > maxLatency) {
        video.currentTime = Math.max(start, end - minRemain);
      } else if (video.currentTime - start > backBuffer * 1.5) {
        buffer.remove(start, video.currentTime - backBuffer);
        return; // the removal's own updateend continues the queue
      }
    }
    this.appendNext();
  }
}
