/** A `<video>` stand-in with what the adapters touch; events are dispatched by the test. */
export class FakeMediaElement {
  muted = false;
  autoplay = false;
  playsInline = false;
  currentTime = 0;
  paused = false;
  playbackRate = 1;
  videoWidth = 0;
  videoHeight = 0;
  error: { code: number; message: string } | null = null;
  src = '';
  loads = 0;
  plays = 0;
  ranges: [number, number][] = [];
  private readonly listeners = new Map<string, Set<() => void>>();

  get buffered() {
    const ranges = this.ranges;
    return { length: ranges.length, start: (i: number) => ranges[i][0], end: (i: number) => ranges[i][1] };
  }
  addEventListener(name: string, listener: () => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }
  removeEventListener(name: string, listener: () => void) {
    this.listeners.get(name)?.delete(listener);
  }
  dispatch(name: string) {
    for (const l of [...(this.listeners.get(name) ?? [])]) l();
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  load() {
    this.loads += 1;
    this.error = null;
  }
  play() {
    this.plays += 1;
    return Promise.resolve();
  }
  asElement(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }
}
