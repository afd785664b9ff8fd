import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  flvHeader,
  flvMetadataTag,
  flvSequenceHeaderTag,
  flvVideoTag,
  loadClips,
} from '../../../../../electron/demo-platform/media';
import type { MpegtsLoader } from '../../../../../src/lib/players/gated-loader';
import { FakeMediaElement } from './fake-video';
import { made } from './mpegts-stand-in';

/**
 * An FLV tile's bitrate is what its connection brought, counted off the connection by our loader:
 * real FLV bytes (the demo's own muxer, a keyframe every 50 pictures) over a real loopback HTTP
 * response, read by the loader mpegts.js is given. Before, the figure was mpegts.js's speed: none at
 * all until its first report (the status bar read "0 kbit/s" beside playing tiles), and in overview
 * only the keyframes the gate passed on.
 */

// mpegts.js is a browser bundle (it reads `self` at import): the adapter's contract with it is
// tested against a recording stand-in, as in mpegts-player.test.ts; the loader and the bytes are real.
vi.mock('mpegts.js', () => import('./mpegts-stand-in'));

const { MpegtsPlayer } = await import('../../../../../src/lib/players/mpegts-player');

let server: Server;
let stream: Buffer;

beforeAll(async () => {
  const clip = (await loadClips())[0];
  const tags = [
    flvHeader(),
    flvMetadataTag({ width: clip.width, height: clip.height, fps: 25 }, 0),
    flvSequenceHeaderTag(clip.sps, clip.pps, 0),
  ];
  // Four seconds at 25 pictures a second (the clip has a keyframe every 50).
  for (let i = 0; i < 100; i++) {
    const frame = clip.frames[i % clip.frames.length];
    tags.push(flvVideoTag(frame.avcc, frame.key, i * 40));
  }
  stream = Buffer.concat(tags);
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/x-flv' });
    res.end(stream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
}, 30_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

/** A tile's player on a clock the test moves, its loader reading the whole stream once. */
async function played(rate: 'full' | 'overview') {
  let now = 10_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live/cam.live.flv`;
  const player = new MpegtsPlayer(
    { url, transport: 'flv', tls: false },
    { frameCallbacks: false, now: () => now },
  );
  const video = new FakeMediaElement();
  player.attach(video.asElement());
  player.start();
  player.setRate(rate);
  const lib = made.at(-1)!;
  const Loader = lib.config.customLoader as new () => MpegtsLoader;
  const loader = new Loader();
  let passed = 0;
  loader.onDataArrival = (chunk) => (passed += chunk.byteLength);
  const done = new Promise<void>((resolve, reject) => {
    loader.onComplete = () => resolve();
    loader.onError = (type, info) => reject(new Error(`${type}: ${info.msg}`));
  });
  now += 500;
  loader.open({ url });
  await done;
  return { player, lib, video, passed, advance: (ms: number) => (now += ms) };
}

describe('an FLV tile’s bitrate, from the bytes its connection brought', () => {
  it('is there from the first bytes, before mpegts.js reports anything', async () => {
    const { player, advance } = await played('full');
    advance(1_500);
    // mpegts.js has said nothing yet (its first report comes a second in, and reads 0 until then).
    // Counted over the two seconds since the connection began.
    expect(player.stats().bitrateKbps).toBeCloseTo((stream.byteLength * 8) / 2_000, 6);
    player.destroy();
  });

  it('counts the whole stream in overview, not only the keyframes the gate passes on', async () => {
    const { player, passed, advance } = await played('overview');
    advance(3_500);
    // The gate kept the two keyframes and the headers: a fraction of what came.
    expect(passed).toBeLessThan(stream.byteLength * 0.8);
    expect(player.stats().bitrateKbps).toBeCloseTo((stream.byteLength * 8) / 4_000, 6);
    // mpegts.js's speed (of what it was given) does not replace it.
    made.at(-1)!.handlers.get('statistics_info')!({ speed: 1 });
    expect(player.stats().bitrateKbps).toBeCloseTo((stream.byteLength * 8) / 4_000, 6);
    player.destroy();
  });
});

describe('an FLV tile’s catch-up, judged on the clock its figures use', () => {
  it('jumps while the lag is in its buffer, and refuses once delivery stops (only a reconnect helps)', async () => {
    const { player, video, advance } = await played('full');
    video.ranges = [[0, 4]];
    video.currentTime = 1;
    // Every picture came as soon as the first: what lags is the 3 s buffer, which a jump skips.
    expect(player.stats().liveness!.trailMs).toBe(0);
    expect(player.catchUp()).toBe(true);
    // Then nothing more comes: the newest picture ages, the figure says so, and a jump cannot help.
    advance(5_000);
    expect(player.stats().liveness!.trailMs).toBeGreaterThan(4_000);
    expect(player.catchUp()).toBe(false);
    player.destroy();
  });
});
