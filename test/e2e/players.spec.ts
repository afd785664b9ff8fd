import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLiveMedia, type LiveMedia } from '../../electron/demo-platform/media';
import { cameraAudioFor, type CameraAudio } from '../../electron/demo-platform/media/camera-audio';
import { DemoHttpError } from '../../electron/demo-platform/media-backend';
import type { Result } from '../../electron/shared/contract';
import { kindForStatus, type StreamPlayback } from '../../electron/shared/domain';
import type {
  PlaybackTransport,
  PlayerError,
  PlayerOptions,
  PlayerSource,
  PlayerStats,
} from '../../src/lib/players';
import type { TileSnapshot } from '../../src/lib/wall-engine';
import { launchChromium } from '../support/chromium';
import { serveEnginePage, type EnginePage } from '../support/engine-page/serve-engine-page';

/**
 * The playback engine in real Chromium against the demo platform's live media server: every
 * transport decodes frames, walls pick transports within the browser's connection limit, and the
 * supervisor recovers from drops, stalls, an offline device and hidden tiles by itself.
 */

type WallOptions = {
  hiddenGraceMs?: number;
  playerOptions?: { nativeFmp4?: boolean; flvDecoder?: 'webcodecs' | 'mse' };
};
type Harness = {
  engine(options: WallOptions & { order: PlaybackTransport[] }): unknown;
  addTile(id: string, deviceKey: string): void;
  state(id: string): string | null;
  snapshot(id: string): TileSnapshot;
  history(id: string): (TileSnapshot & { at: number })[];
  stats(id: string): Record<string, unknown> | null;
  frames(id: string): number;
  offscreen(id: string, away: boolean): void;
  ids(): string[];
  logs(): string[];
  clear(): void;
};
declare const harness: Harness;

let media: LiveMedia;
let site: EnginePage;
let browser: Browser;
let page: Page;
/** Reshapes what streams:start returns (e.g. offer only some URLs). */
let reshape: (playback: StreamPlayback) => StreamPlayback = (p) => p;
const secretsSent: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  [media, site, browser] = await Promise.all([createLiveMedia(), serveEnginePage(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (error) => console.error('[page]', error.message));
  page.on('console', (message) => consoleLines.push(message.text()));
  await page.exposeFunction('__startStream', async (deviceKey: string): Promise<Result<StreamPlayback>> => {
    try {
      const playback = reshape(await media.startStream({ deviceKey, sipId: '', channelId: '' }));
      const secret = new URL(
        playback.ws_flv || playback.flv || Object.values(playback).find((v) => v.includes('secret='))!,
      ).searchParams.get('secret');
      if (secret) secretsSent.push(secret);
      return { ok: true, value: playback };
    } catch (error) {
      if (error instanceof DemoHttpError)
        return {
          ok: false,
          error: { kind: kindForStatus(error.status), status: error.status, message: error.message },
        };
      throw error;
    }
  });
  await page.goto(site.url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), media?.close()]);
});

beforeEach(async () => {
  media.faults.clear();
  media.setScrambleFields(false);
  reshape = (p) => p;
  await page.evaluate(() => harness.clear());
});

async function wall(order: PlaybackTransport[], devices: string[], options: WallOptions = {}) {
  await page.evaluate(({ order, options }) => void harness.engine({ order, ...options }), { order, options });
  for (const [i, device] of devices.entries())
    await page.evaluate(([id, d]) => harness.addTile(id, d), [`t${i}`, device]);
  return devices.map((_, i) => `t${i}`);
}

async function until(id: string, predicate: string, timeout = 15_000) {
  await page.waitForFunction(
    ([id, predicate]) => new Function('s', `return ${predicate}`)(harness.snapshot(id)),
    [id, predicate] as const,
    { timeout, polling: 50 },
  );
  return page.evaluate((id) => harness.snapshot(id), id);
}

/** Wait until the tile's element has decoded `count` more frames: the picture moves. */
async function framesAdvance(id: string, count = 20, timeout = 10_000) {
  const start = await page.evaluate((id) => harness.frames(id), id);
  await page.waitForFunction(([id, target]) => harness.frames(id) >= target, [id, start + count] as const, {
    timeout,
    polling: 100,
  });
}

const playing = 's.state === "playing"';

describe('players in Chromium', () => {
  it.each<[PlaybackTransport, string]>([
    ['ws-flv', 'webcodecs'],
    ['flv', 'webcodecs'],
    ['ws-flv', 'mpegts.js'],
    ['flv', 'mpegts.js'],
    ['ws-ts', 'mpegts.js'],
    ['ts', 'mpegts.js'],
    ['hls', 'hls.js'],
    ['fmp4', 'mse-fmp4'],
    ['ws-fmp4', 'mse-fmp4'],
    ['fmp4', 'native'],
  ])('a %s tile plays (%s): decoded frames advance', async (transport, library) => {
    const [id] = await wall([transport], ['dev-format'], {
      playerOptions: {
        nativeFmp4: library === 'native',
        // Each FLV case names its player: WebCodecs (a muted tile's default) or mpegts.js on MSE.
        flvDecoder: library === 'webcodecs' ? 'webcodecs' : 'mse',
      },
    });
    const snap = await until(id, playing, 20_000);
    expect(snap.transport).toBe(transport);
    await framesAdvance(id);
    // The stats' frame rate counts the frames the video decodes (how many a busy machine manages is
    // the benchmarks' to say, not this test's).
    await expect
      .poll(async () => (await page.evaluate((id) => harness.stats(id), id))?.fps as number, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const stats = await page.evaluate((id) => harness.stats(id), id);
    expect(stats).toMatchObject({ transport, library, width: 640, height: 360 });
    console.info(
      `[e2e] ${transport} (${library}): fps ${(stats!.fps as number).toFixed(1)}, latency ${(stats!.latencySeconds as number | null)?.toFixed(2)} s, ` +
        `${(stats!.bitrateKbps as number | null)?.toFixed(0)} kbit/s, codec ${stats!.codec}`,
    );
  });

  it('a 9-tile WS-FLV wall plays every tile', async () => {
    const started = Date.now();
    const ids = await wall(
      ['ws-flv'],
      Array.from({ length: 9 }, (_, i) => `dev-${i}`),
    );
    for (const id of ids) await until(id, playing);
    const firstFrames = await page.evaluate(() =>
      harness.ids().map((id) => harness.snapshot(id).firstFrameAt!),
    );
    console.info(
      `[e2e] 9-tile ws-flv wall: every first frame within ${Math.max(...firstFrames) - started} ms`,
    );
    for (const id of ids) await framesAdvance(id, 15);
    const transports = await page.evaluate(() => harness.ids().map((id) => harness.snapshot(id).transport));
    expect(transports).toEqual(Array(9).fill('ws-flv'));
  });

  it('more than 6 tiles of one host offered only HTTP-FLV and WS-FLV all play, never a 6th HTTP-FLV', async () => {
    reshape = (p) => {
      const only = Object.fromEntries(Object.keys(p).map((k) => [k, ''])) as StreamPlayback;
      return {
        ...only,
        streamId: p.streamId,
        sipId: p.sipId,
        channelId: p.channelId,
        flv: p.flv,
        ws_flv: p.ws_flv,
      };
    };
    const ids = await wall(
      ['flv', 'ws-flv'],
      Array.from({ length: 8 }, (_, i) => `dev-${i}`),
    );
    for (const id of ids) await until(id, playing);
    for (const id of ids) await framesAdvance(id, 15);
    const transports = await page.evaluate(() => harness.ids().map((id) => harness.snapshot(id).transport));
    expect(transports.filter((t) => t === 'flv')).toHaveLength(5);
    expect(transports.filter((t) => t === 'ws-flv')).toHaveLength(3);
  });

  it('plays when the platform scrambles the URL field names', async () => {
    media.setScrambleFields(true);
    const [id] = await wall(['ws-flv', 'hls'], ['dev-scrambled']);
    const snap = await until(id, playing);
    expect(snap.transport).toBe('ws-flv');
    await framesAdvance(id);
  });

  it.each<PlaybackTransport>(['ws-flv', 'flv', 'ts', 'fmp4', 'ws-fmp4'])(
    'a dropped %s stream is back within 3 s',
    async (transport) => {
      const [id] = await wall([transport], ['dev-drop']);
      await until(id, playing);
      await framesAdvance(id, 10);
      const droppedAt = Date.now();
      media.faults.set('dev-drop', { type: 'drop', afterSeconds: 0 });
      const noticed = await until(id, 's.state !== "playing"', 5_000);
      media.faults.clear('dev-drop'); // a one-off cut, as a network blip
      expect(noticed).toMatchObject({ state: 'reconnecting', reason: 'network' });
      const back = await until(id, playing, 5_000);
      expect(back.firstFrameAt! - droppedAt).toBeLessThanOrEqual(3_000);
      await framesAdvance(id);
      console.info(`[e2e] ${transport} drop → playing again in ${back.firstFrameAt! - droppedAt} ms`);
    },
  );

  it('a stalled stream is detected and recovered', async () => {
    const [id] = await wall(['ws-flv'], ['dev-stall']);
    await until(id, playing);
    await framesAdvance(id, 10);
    const stalledAt = Date.now();
    media.faults.set('dev-stall', { type: 'stall', seconds: 60 });
    const detected = await until(id, 's.state === "stalled" || s.reason === "stalled"', 10_000);
    const detectedAfter = Date.now() - stalledAt;
    media.faults.clear('dev-stall');
    expect(detected.reason).toBe('stalled');
    expect(detectedAfter).toBeGreaterThanOrEqual(2_500);
    expect(detectedAfter).toBeLessThan(6_000);
    const back = await until(id, playing, 5_000);
    await framesAdvance(id);
    const states = (await page.evaluate((id) => harness.history(id), id))
      .map((s) => s.state)
      .filter((state, i, all) => state !== all[i - 1]);
    // `stalled` holds while the frozen tile's player is replaced.
    expect(states.slice(-3)).toEqual(['playing', 'stalled', 'playing']);
    console.info(
      `[e2e] stall detected after ${detectedAfter} ms, playing again ${back.firstFrameAt! - stalledAt - detectedAfter} ms later`,
    );
  });

  it('an offline device shows its reason, retries with growing delays, and plays once it is back', async () => {
    media.faults.set('dev-offline', { type: 'offline' });
    const [id] = await wall(['ws-flv'], ['dev-offline']);
    const failed = await until(id, 's.state === "failed" && s.attempt >= 4', 15_000);
    expect(failed).toMatchObject({ reason: 'device-offline', label: 'Device offline' });
    expect(failed.detail).toContain('offline');
    const history = await page.evaluate((id) => harness.history(id), id);
    const waits = history.filter((s) => s.nextRetryAt !== null).map((s) => s.nextRetryAt! - s.at);
    expect(waits.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] - 5);
    expect(waits[waits.length - 1]).toBeGreaterThan(waits[0] * 3);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    media.faults.clear('dev-offline');
    await until(id, playing, 20_000);
    await framesAdvance(id);
    console.info(`[e2e] offline retry waits: ${waits.join(', ')} ms`);
  });

  it('a hidden tile stops its stream after the grace period and resumes when shown', async () => {
    const [id] = await wall(['ws-flv'], ['dev-hidden'], { hiddenGraceMs: 1_000 });
    await until(id, playing);
    expect(media.stats().viewers).toBe(1);
    await page.evaluate((id) => harness.offscreen(id, true), id);
    await until(id, 's.state === "paused-hidden"', 5_000);
    await expect.poll(() => media.stats().viewers, { timeout: 5_000 }).toBe(0);
    await page.evaluate((id) => harness.offscreen(id, false), id);
    await until(id, playing);
    await framesAdvance(id);
    expect(media.stats().viewers).toBe(1);
  });

  it('never lets a stream secret into its logs or the console', async () => {
    const [id] = await wall(['flv'], ['dev-secret']);
    await until(id, playing);
    media.faults.set('dev-secret', { type: 'drop', afterSeconds: 0 });
    await until(id, 's.state !== "playing"', 5_000);
    media.faults.clear('dev-secret');
    await until(id, playing);
    const logs = (await page.evaluate(() => harness.logs())).join('\n');
    expect(logs).toContain('attempt 2: flv http://127.0.0.1:');
    expect(logs).toContain('secret=***');
    expect(secretsSent.length).toBeGreaterThan(0);
    const consoleText = consoleLines.join('\n');
    for (const secret of secretsSent) {
      expect(logs).not.toContain(secret);
      expect(consoleText).not.toContain(secret);
    }
  });
});

type Players = {
  play(id: string, source: PlayerSource, options?: PlayerOptions): void;
  stats(id: string): PlayerStats | null;
  errors(id: string): PlayerError[];
  frames(id: string): number;
  muted(id: string): boolean | null;
  catchUp(id: string): boolean | null;
  clear(): void;
};
declare const players: Players;

/**
 * Cameras as a real ZLMediaKit serves them (the demo's ZLM habits): G.711 A-law or μ-law muxed with the
 * picture (FLV codec id 7/8, TS stream type 0x90/0x91, an `alaw`/`ulaw` trak), AAC, or ZLMediaKit's
 * silent AAC track on a camera without sound. Players straight on a page (no wall engine): the muted
 * tile's picture plays whatever the sound, the audible tile plays G.711 itself.
 */
describe('players against ZLMediaKit-like cameras (audio)', () => {
  let zlm: LiveMedia;
  let playerSite: EnginePage;
  let tab: Page;
  const pageErrors: string[] = [];
  /** A device key whose camera sends `audio` (the demo's mix is by the key's hash). */
  const deviceWith = (audio: CameraAudio) => {
    for (let i = 0; i < 1000; i++) if (cameraAudioFor(`cam-${i}`) === audio) return `cam-${i}`;
    throw new Error(`no device key with ${audio}`);
  };

  beforeAll(async () => {
    [zlm, playerSite] = await Promise.all([
      createLiveMedia({ zlm: true }),
      serveEnginePage(new URL('../support/player-page/', import.meta.url).pathname, 'player-page'),
    ]);
    tab = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    await tab.goto(playerSite.url);
    await tab.waitForFunction(() => document.body.dataset.ready === 'true');
  });

  afterAll(async () => {
    await tab?.close();
    await Promise.all([playerSite?.close(), zlm?.close()]);
  });

  beforeEach(async () => {
    zlm.faults.clear();
    await tab.evaluate(() => players.clear());
  });

  const FIELD: Record<PlaybackTransport, keyof StreamPlayback> = {
    'ws-flv': 'ws_flv',
    flv: 'flv',
    'ws-ts': 'ws_ts',
    ts: 'ts',
    hls: 'hls',
    fmp4: 'fmp4',
    'ws-fmp4': 'ws_fmp4',
    webrtc: 'rtc',
  };

  async function play(
    id: string,
    audio: CameraAudio,
    transport: PlaybackTransport,
    options: PlayerOptions = {},
  ) {
    const device = deviceWith(audio);
    const playback = await zlm.startStream({ deviceKey: device, sipId: '', channelId: '' });
    const url = playback[FIELD[transport]] as string;
    await tab.evaluate(([id, source, options]) => players.play(id, source, options), [
      id,
      { url, transport, tls: false },
      options,
    ] as const);
  }

  /** Wait until the tile's element has decoded `count` more frames (or fail with its errors). */
  async function advances(id: string, count = 20, timeout = 20_000) {
    const start = await tab.evaluate((id) => players.frames(id), id);
    await tab
      .waitForFunction(([id, target]) => players.frames(id) >= target, [id, start + count] as const, {
        timeout,
        polling: 100,
      })
      .catch(async (error: Error) => {
        const errors = await tab.evaluate((id) => players.errors(id), id);
        throw new Error(`${error.message}; player errors: ${JSON.stringify(errors)}`);
      });
  }

  const stats = (id: string) => tab.evaluate((id) => players.stats(id), id);

  it.each<[PlaybackTransport, CameraAudio]>([
    ['ws-flv', 'g711a'],
    ['flv', 'g711u'],
    ['ws-flv', 'none'],
    ['ws-ts', 'g711a'],
    ['ts', 'none'],
    ['ws-fmp4', 'g711a'],
    ['fmp4', 'none'],
    ['hls', 'g711a'],
    ['hls', 'none'],
    ['webrtc', 'g711a'],
  ])(
    'a muted %s tile of a camera with %s audio plays its picture, never a codec error',
    async (transport, audio) => {
      await play('t', audio, transport);
      await advances('t');
      // WebRTC's figures come from the receiver's last delivered frames, read with the stats.
      await tab.waitForFunction(() => players.stats('t')?.liveness?.trailMs != null, undefined, {
        timeout: 10_000,
      });
      const s = (await stats('t'))!;
      expect(await tab.evaluate(() => players.errors('t'))).toEqual([]);
      // mpegts.js sends no media info for MPEG-TS without (its kind of) audio: the codec stays unknown.
      if (transport !== 'ts' && transport !== 'ws-ts') expect(s.codec).toMatch(/^avc1/);
      expect(s.audio).toBeUndefined();
      // Measured from the stream's own timestamps.
      expect(s.liveness?.trailMs).not.toBeNull();
      expect(s.liveness!.behindMs).toBeGreaterThanOrEqual(0);
      console.info(
        `[e2e] zlm ${transport} muted (${audio}): liveness ${JSON.stringify(s.liveness)} fps ${s.fps?.toFixed(1)}`,
      );
    },
  );

  it.each<[PlaybackTransport, CameraAudio, string]>([
    ['ws-flv', 'g711a', 'alaw'],
    ['flv', 'g711u', 'ulaw'],
    ['ws-ts', 'g711a', 'alaw'],
    ['ws-flv', 'aac', 'mp4a.40.2'],
  ])('the audible %s tile plays %s sound itself (%s) and its picture', async (transport, audio, codec) => {
    await play('a', audio, transport, { audio: true });
    await advances('a');
    await tab.waitForFunction(() => players.stats('a')?.audio?.state === 'playing', undefined, {
      timeout: 10_000,
      polling: 100,
    });
    expect((await stats('a'))!.audio).toEqual({ state: 'playing', codec });
    expect(await tab.evaluate(() => players.errors('a'))).toEqual([]);
  });

  it.each<[PlaybackTransport, CameraAudio, string]>([
    ['ws-fmp4', 'g711a', 'alaw'],
    ['fmp4', 'g711u', 'ulaw'],
  ])(
    'the audible %s tile plays the %s trak MSE cannot (%s) itself, and its picture',
    async (transport, audio, codec) => {
      await play('f', audio, transport, { audio: true });
      await advances('f');
      await tab.waitForFunction(() => players.stats('f')?.audio?.state === 'playing', undefined, {
        timeout: 10_000,
        polling: 100,
      });
      expect((await stats('f'))!.audio).toEqual({ state: 'playing', codec });
      expect(await tab.evaluate(() => players.errors('f'))).toEqual([]);
    },
  );

  it('an audible HLS tile of an AAC camera plays the sound on its element (unmuted)', async () => {
    await play('h', 'aac', 'hls', { audio: true });
    await advances('h');
    await tab.waitForFunction(() => players.stats('h')?.audio?.state !== 'pending', undefined, {
      timeout: 10_000,
    });
    expect((await stats('h'))!.audio).toMatchObject({ state: 'playing' });
    expect(await tab.evaluate(() => players.muted('h'))).toBe(false);
  });

  it('a throttled WS-FLV tile shows its picture trailing the camera, measured from the stream', async () => {
    await play('l', 'none', 'ws-flv');
    await advances('l');
    expect((await stats('l'))!.liveness!.trailMs!).toBeLessThan(2_500);
    zlm.faults.set(deviceWith('none'), { type: 'throttle', kbps: 40 });
    await tab.waitForFunction(() => (players.stats('l')?.liveness?.trailMs ?? 0) > 4_000, undefined, {
      timeout: 30_000,
      polling: 200,
    });
    const s = (await stats('l'))!;
    expect(s.liveness!.behindMs!).toBeGreaterThanOrEqual(s.liveness!.trailMs!);
    console.info(`[e2e] throttled ws-flv: liveness ${JSON.stringify(s.liveness)}`);
    // The backlog is in the socket and on the server, not in the buffer: a jump cannot catch it up, the
    // player says so (the owner reconnects).
    expect(await tab.evaluate(() => players.catchUp('l'))).toBe(false);
  });

  it('a WebRTC secret ZLMediaKit refuses (HTTP 200, code -400, "[auth failed]") is a 403: fresh URLs at once', async () => {
    const playback = await zlm.startStream({ deviceKey: deviceWith('g711a'), sipId: '', channelId: '' });
    const url = new URL(playback.rtc);
    url.searchParams.set('secret', '0'.repeat(32));
    await tab.evaluate((source) => players.play('r', source), {
      url: url.href,
      transport: 'webrtc' as const,
      tls: false,
    });
    await tab.waitForFunction(() => players.errors('r').length > 0, undefined, { timeout: 10_000 });
    const [error] = await tab.evaluate(() => players.errors('r'));
    expect(error).toMatchObject({ kind: 'http-status', status: 403 });
    expect(error.message).toContain('[auth failed]');
    expect(error.message).not.toContain('0'.repeat(32));
  });

  it('raised no page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
