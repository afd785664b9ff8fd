import { describe, expect, it } from 'vitest';
import { FrameMeter, type MeteredVideo } from '../../../../../src/lib/players/frame-meter';

class Video implements MeteredVideo {
  videoWidth = 640;
  videoHeight = 360;
  total = 0;
  dropped = 0;
  callback: (() => void) | null = null;
  getVideoPlaybackQuality() {
    return { totalVideoFrames: this.total, droppedVideoFrames: this.dropped };
  }
  requestVideoFrameCallback(cb: () => void) {
    this.callback = cb;
    return 1;
  }
  cancelVideoFrameCallback() {
    this.callback = null;
  }
  /** The compositor shows one frame. */
  present() {
    const cb = this.callback;
    this.callback = null;
    cb?.();
  }
}

describe('FrameMeter', () => {
  it('reports the first presented frame once, then times the next frame after each sample', () => {
    let now = 1000;
    const video = new Video();
    const firsts: number[] = [];
    const meter = new FrameMeter(
      video,
      () => now,
      (at) => firsts.push(at),
    );
    meter.start();
    expect(meter.lastFrameAt).toBeNull();
    now = 1040;
    video.present();
    expect(firsts).toEqual([1040]);
    // Not a callback a frame: the next one is asked for by the next sample.
    expect(video.callback).toBeNull();
    now = 1080;
    video.present();
    expect(meter.lastFrameAt).toBe(1040);
    // Nor one a sample: a sample 250 ms after the last request asks for none ...
    now = 1250;
    meter.sample();
    expect(video.callback).toBeNull();
    // ... one a second later asks again.
    now = 2000;
    meter.sample();
    now = 2030;
    video.present();
    expect(meter.lastFrameAt).toBe(2030);
    // A sample while a callback is pending does not ask twice.
    meter.sample();
    const pending = video.callback;
    meter.sample();
    expect(video.callback).toBe(pending);
    expect(firsts).toEqual([1040]);
    meter.stop();
    expect(video.callback).toBeNull();
  });

  it('asks for at most one frame callback a second, however often it is sampled', () => {
    // Each callback costs the page a rendering step: 16 tiles sampled every 250 ms asked for 64 a second.
    let now = 0;
    const video = new Video();
    let asked = 0;
    const request = video.requestVideoFrameCallback.bind(video);
    video.requestVideoFrameCallback = (cb: () => void) => {
      asked += 1;
      return request(cb);
    };
    const meter = new FrameMeter(
      video,
      () => now,
      () => undefined,
    );
    meter.start();
    for (let i = 1; i <= 40; i++) {
      now = i * 250;
      video.total += 6;
      video.present();
      // The counter still moves lastFrameAt at every sample.
      expect(meter.sample().lastFrameAt).toBe(now);
    }
    // 10 s: the first frame's, then one a second.
    expect(asked).toBeLessThanOrEqual(11);
    expect(asked).toBeGreaterThanOrEqual(9);
  });

  it('counts decoded frames even where no frame callback fires (a hidden page)', () => {
    let now = 0;
    const video = new Video();
    const firsts: number[] = [];
    const meter = new FrameMeter(
      video,
      () => now,
      (at) => firsts.push(at),
      false,
    );
    meter.start();
    now = 500;
    video.total = 12;
    expect(meter.sample().lastFrameAt).toBe(500);
    expect(firsts).toEqual([500]);
    now = 4000;
    expect(meter.sample().lastFrameAt).toBe(500); // no progress, no new frame
  });

  it('measures fps and dropped frames from counter deltas', () => {
    let now = 0;
    const video = new Video();
    video.total = 500; // counters left by an earlier source on the element
    const meter = new FrameMeter(
      video,
      () => now,
      () => undefined,
      false,
    );
    meter.start();
    video.total = 0; // the new source's load() resets them
    meter.sample();
    for (let i = 1; i <= 8; i++) {
      now = i * 250;
      video.total = i * 6 + Math.floor(i / 4);
      video.dropped = Math.floor(i / 4);
      meter.sample();
    }
    const sample = meter.sample();
    expect(sample.fps).toBeGreaterThan(23);
    expect(sample.fps).toBeLessThan(25);
    expect(sample.decodedFrames).toBe(50);
    expect(sample.droppedFrames).toBe(2);
  });

  it('has no fps before two samples', () => {
    const meter = new FrameMeter(
      new Video(),
      () => 0,
      () => undefined,
    );
    meter.start();
    expect(meter.sample().fps).toBeNull();
  });
});
