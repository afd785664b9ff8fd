/** Closer than this to where the last buffer ends, the next one follows it without a gap or overlap (s). */
const JOIN_S = 0.05;
/** Sound due further ahead of the picture than this is on a clock we misread: left out (s). */
const MAX_LEAD_S = 5;

/**
 * Plays decoded sound (PCM) through Web Audio in step with a `<video>`'s picture.
 *
 * Each buffer carries its media time; `toVideoTime` says where that time falls on the element's own
 * timeline, so the buffer starts when the element shows that moment: now + (its video time − the
 * element's currentTime). Buffers that join up are played back to back; a late one (the picture is
 * past it) is left out rather than played out of step. One sink a player: only the audible tile has one.
 */
export class AudioSink {
  private context: AudioContext | null = null;
  private gain: GainNode | null = null;
  private next = 0;
  private closed = false;
  private played = 0;

  constructor(
    private readonly video: HTMLVideoElement,
    /** Seconds on the element's timeline for a media time (ms), or null while it is not known. */
    private readonly toVideoTime: (mediaMs: number) => number | null,
  ) {}

  private readonly onGesture = () => this.context?.resume().catch(() => undefined);
  private readonly waiting: (() => void)[] = [];

  /**
   * Make the context (and try to start it). False where this runtime has no Web Audio. While the
   * browser's autoplay policy holds it suspended, the page's next click or key press resumes it.
   */
  open(): boolean {
    if (this.context) return true;
    const Context = globalThis.AudioContext;
    if (typeof Context !== 'function') return false;
    const context = new Context({ latencyHint: 'interactive' });
    this.context = context;
    this.gain = context.createGain();
    this.gain.connect(context.destination);
    context.addEventListener('statechange', () => {
      if (context.state !== 'running' || this.closed) return;
      removeEventListener('pointerdown', this.onGesture, true);
      removeEventListener('keydown', this.onGesture, true);
      for (const callback of this.waiting.splice(0)) callback();
    });
    if (context.state === 'suspended') {
      context.resume().catch(() => undefined);
      addEventListener('pointerdown', this.onGesture, true);
      addEventListener('keydown', this.onGesture, true);
    }
    return true;
  }

  /** Call `callback` once the page may make sound (now, or when the context starts). */
  whenRunning(callback: () => void): void {
    if (this.closed) return;
    if (this.running) callback();
    else this.waiting.push(callback);
  }

  /**
   * Whether the browser lets the page make sound now: false while its autoplay policy holds the
   * context suspended (until the user interacts with the page).
   */
  get running(): boolean {
    return this.context?.state === 'running';
  }

  /** Buffers started so far. */
  get buffersPlayed(): number {
    return this.played;
  }

  /** Play `channels` (one Float32Array each, −1…1) at `sampleRate`, stamped `mediaMs`. */
  play(mediaMs: number, channels: Float32Array[], sampleRate: number): void {
    const context = this.context;
    if (this.closed || !context || !this.gain || channels.length === 0 || channels[0].length === 0) return;
    if (context.state !== 'running') {
      if (context.state === 'suspended') context.resume().catch(() => undefined);
      return;
    }
    const video = this.video;
    const videoTime = this.toVideoTime(mediaMs);
    if (videoTime === null || video.paused || video.readyState < 2) return;
    const rate = video.playbackRate > 0 ? video.playbackRate : 1;
    const lead = (videoTime - video.currentTime) / rate;
    if (lead > MAX_LEAD_S) return;
    let at = context.currentTime + lead;
    if (Math.abs(at - this.next) < JOIN_S) at = this.next;
    const duration = channels[0].length / sampleRate;
    if (at + duration <= context.currentTime) return; // the picture is already past it
    const buffer = context.createBuffer(channels.length, channels[0].length, sampleRate);
    channels.forEach((samples, i) => buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, i));
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = rate;
    source.connect(this.gain);
    const startAt = Math.max(at, context.currentTime);
    source.start(startAt, startAt - at);
    this.next = at + duration / rate;
    this.played += 1;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting.length = 0;
    removeEventListener('pointerdown', this.onGesture, true);
    removeEventListener('keydown', this.onGesture, true);
    const context = this.context;
    this.context = null;
    this.gain = null;
    context?.close().catch(() => undefined);
  }
}
