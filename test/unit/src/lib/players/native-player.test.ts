import { describe, expect, it } from 'vitest';
import { NativePlayer } from '../../../../../src/lib/players/native-player';
import type { PlayerError } from '../../../../../src/lib/players/player';
import { FakeMediaElement } from './fake-video';

let now = 0;

function started() {
  const video = new FakeMediaElement();
  const player = new NativePlayer(
    { url: 'http://m:1/live/a.live.mp4?secret=S', transport: 'fmp4', tls: false },
    { frameCallbacks: false, maxLatencySeconds: 1.2, minRemainSeconds: 0.3, now: () => now },
  );
  const errors: PlayerError[] = [];
  player.on('error', (e) => errors.push(e));
  player.attach(video.asElement());
  player.start();
  return { video, player, errors };
}

describe('NativePlayer', () => {
  it('plays the URL on the element, muted', () => {
    const { video } = started();
    expect(video.src).toBe('http://m:1/live/a.live.mp4?secret=S');
    expect(video.muted).toBe(true);
    expect(video.plays).toBe(1);
  });

  /** Play `seconds` of media with this much buffered ahead (the bursts of progressive loading). */
  function play(video: FakeMediaElement, seconds: number, ahead: (t: number) => number) {
    for (let i = 0; i < seconds * 4; i++) {
      now += 250;
      video.currentTime += 0.25 * video.playbackRate;
      video.ranges = [[0, video.currentTime + ahead(i)]];
      video.dispatch('timeupdate');
    }
  }

  it('stays put while its lowest recent latency is small, even if loading comes in bursts', () => {
    const { video } = started();
    play(video, 10, (i) => (i % 8 === 0 ? 1.8 : 0.4));
    expect(video.playbackRate).toBe(1);
    expect(video.currentTime).toBeCloseTo(10);
  });

  it('plays faster while steadily behind, and back at normal speed once caught up', () => {
    const { video } = started();
    play(video, 4, () => 2);
    expect(video.playbackRate).toBe(1.1);
    play(video, 4, () => 0.4);
    expect(video.playbackRate).toBe(1);
  });

  it('jumps to the live edge when far behind', () => {
    const { video } = started();
    const positions: number[] = [];
    for (let i = 0; i < 12; i++) {
      play(video, 0.25, () => 6);
      positions.push(video.currentTime);
    }
    const jumps = positions
      .slice(1)
      .map((p, i) => p - positions[i])
      .filter((step) => step > 1);
    expect(jumps).toHaveLength(1);
    expect(jumps[0]).toBeCloseTo(0.25 + 6 - 0.3, 1); // one tick of play, then to 0.3 s behind the edge
    expect(started().player.stats().latencySeconds).toBeNull();
  });

  it('reports the element error and a live stream that ended', () => {
    const a = started();
    a.video.error = { code: 2, message: 'net' };
    a.video.dispatch('error');
    expect(a.errors).toEqual([{ kind: 'network', message: 'network error while loading the video (net)' }]);
    const b = started();
    b.video.dispatch('ended');
    expect(b.errors[0].kind).toBe('ended');
  });

  it('on destroy drops its listeners and aborts the download', () => {
    const { video, player, errors } = started();
    player.destroy();
    expect(video.src).toBe('');
    expect(video.loads).toBe(1);
    expect(video.listenerCount()).toBe(0);
    video.dispatch('ended');
    expect(errors).toHaveLength(0);
  });
});
