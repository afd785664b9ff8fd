import { afterEach, describe, expect, it } from 'vitest';
import { AudioSink } from '../../../../../src/lib/players/audio-sink';

/** A Web Audio stand-in (node has none) that records when each buffer is started. */
class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  state = 'running';
  currentTime = 100;
  destination = {};
  started: { at: number; offset: number; length: number; rate: number }[] = [];
  constructor() {
    FakeAudioContext.last = this;
  }
  addEventListener() {}
  resume() {
    return Promise.resolve();
  }
  close() {
    this.state = 'closed';
    return Promise.resolve();
  }
  createGain() {
    return { connect() {} };
  }
  createBuffer(channels: number, length: number, sampleRate: number) {
    return { channels, length, sampleRate, copyToChannel() {} };
  }
  createBufferSource() {
    const started = this.started;
    const source = {
      buffer: null as { length: number } | null,
      playbackRate: { value: 1 },
      connect() {},
      start(at: number, offset: number) {
        started.push({ at, offset, length: source.buffer!.length, rate: source.playbackRate.value });
      },
    };
    return source;
  }
}

const video = { paused: false, readyState: 4, currentTime: 10, playbackRate: 1 };
const samples = (n: number) => [new Float32Array(n)];

describe('AudioSink', () => {
  const saved = globalThis.AudioContext;
  afterEach(() => {
    globalThis.AudioContext = saved;
  });

  function sink(toVideoTime: (ms: number) => number | null = (ms) => ms / 1000) {
    globalThis.AudioContext = FakeAudioContext as unknown as typeof AudioContext;
    const s = new AudioSink(video as unknown as HTMLVideoElement, toVideoTime);
    expect(s.open()).toBe(true);
    return { s, context: FakeAudioContext.last! };
  }

  it('starts each buffer when the element shows its moment, and joins consecutive ones without a gap', () => {
    const { s, context } = sink();
    video.currentTime = 10;
    // Media time 10.2 s shows 0.2 s from now.
    s.play(10_200, samples(320), 8_000);
    expect(context.started[0].at).toBeCloseTo(100.2, 6);
    // The next 40 ms block, measured a few ms off, follows the first exactly.
    s.play(10_243, samples(320), 8_000);
    expect(context.started[1].at).toBeCloseTo(100.24, 6);
    expect(s.buffersPlayed).toBe(2);
  });

  it('leaves out sound the picture has passed, sound far ahead, and sound before the picture starts', () => {
    const { s, context } = sink();
    video.currentTime = 10;
    s.play(9_000, samples(320), 8_000); // a second late
    s.play(30_000, samples(320), 8_000); // 20 s ahead: a misread clock
    const early = new AudioSink(video as unknown as HTMLVideoElement, () => null);
    early.open();
    early.play(10_000, samples(320), 8_000);
    expect(context.started).toEqual([]);
    expect(FakeAudioContext.last!.started).toEqual([]);
    expect(s.buffersPlayed).toBe(0);
  });

  it('plays at the element’s rate while it catches up', () => {
    const { s, context } = sink();
    video.currentTime = 10;
    video.playbackRate = 1.1;
    s.play(10_110, samples(320), 8_000);
    expect(context.started[0].at).toBeCloseTo(100.1, 6);
    expect(context.started[0].rate).toBe(1.1);
    video.playbackRate = 1;
  });
});
