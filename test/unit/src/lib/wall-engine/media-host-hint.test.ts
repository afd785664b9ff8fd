import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { TileSupervisor, type StartedStream } from '../../../../../src/lib/wall-engine/tile-supervisor';
import { fakeFactory, FakeVideo, fakeStartStream, ok, playback } from './fakes';

/**
 * A tile whose URLs the core knew could not be reached from here (streams:start's `mediaHostHint`:
 * a media server behind NAT) says so in words when they fail, instead of a bare network fault.
 */

const HINT =
  'The platform gave cams.invalid as its media host, a name that never resolves: set the media host in the profile.';

function tileWith(answer: StartedStream, fail: 'network' | 'codec-unsupported') {
  const { factory } = fakeFactory((player) => setTimeout(() => player.fail(fail), 50));
  const tile = new TileSupervisor({
    video: new FakeVideo().asElement(),
    startStream: fakeStartStream(ok(answer)).fn,
    createPlayer: factory,
    budget: new ConnectionBudget(),
    order: ['ws-flv'],
    capabilities: { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true },
    random: () => 0.5,
    label: 'dev-1',
  });
  return tile;
}

const urls = (host: string) => playback({ ws_flv: `ws://${host}/live/cam1.live.flv?secret=S` });

describe('the media host hint on a tile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the detail of a network fault on those URLs', async () => {
    const tile = tileWith({ ...urls('cams.invalid:80'), mediaHostHint: HINT }, 'network');
    tile.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(tile.snapshot()).toMatchObject({ reason: 'network', detail: HINT });
    tile.destroy();
  });

  it('leaves other faults, and URLs without a hint, as they were', async () => {
    const codec = tileWith({ ...urls('cams.invalid:80'), mediaHostHint: HINT }, 'codec-unsupported');
    codec.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(codec.snapshot().detail).not.toBe(HINT);
    codec.destroy();
    const plain = tileWith(urls('media.example.net:80'), 'network');
    plain.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(plain.snapshot()).toMatchObject({ reason: 'network', detail: 'fake network' });
    plain.destroy();
  });
});
