import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMedia, type LiveMedia } from '../../electron/demo-platform/media';
import { cameraAudioFor, type CameraAudio } from '../../electron/demo-platform/media/camera-audio';
import type { StreamPlayback } from '../../electron/shared/domain';
import type { PlaybackTransport, PlayerError, PlayerOptions, PlayerSource } from '../../src/lib/players';
import { launchChromium } from '../support/chromium';
import { serveEnginePage, type EnginePage } from '../support/engine-page/serve-engine-page';

/**
 * No uncaught exception from a player, ever: many players on one page (test/support/player-page) against
 * the demo platform with ZLMediaKit's habits (G.711, AAC, the silent AAC track), through drops, garbage,
 * transport switches and replacements as fast as a wall makes them — players destroyed from inside their
 * own `media-info`, `connected`, `first-frame` and `error` listeners, the same `<video>` reused at once.
 * Any `pageerror` (an uncaught exception or an unhandled rejection) fails the spec.
 */

type Players = {
  play(
    id: string,
    source: PlayerSource,
    options?: PlayerOptions,
    destroyOn?: 'media-info' | 'error' | 'connected' | 'first-frame',
  ): void;
  destroy(id: string): void;
  errors(id: string): PlayerError[];
  frames(id: string): number;
  ids(): string[];
  clear(): void;
};
declare const players: Players;

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
/** What a tile is switched through; the HTTP ones hold a connection, so a few of them at once only. */
const SWITCHES: PlaybackTransport[] = [
  'ws-flv',
  'ws-ts',
  'ws-fmp4',
  'hls',
  'flv',
  'webrtc',
  'ws-flv',
  'fmp4',
  'ts',
];
const CAMERAS: CameraAudio[] = ['g711a', 'none', 'aac', 'g711u'];

let media: LiveMedia;
let site: EnginePage;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const playbacks = new Map<string, StreamPlayback>();
const devices: string[] = [];

/** A device key whose camera sends `audio` (the demo's mix is by the key's hash). */
function deviceWith(audio: CameraAudio, nth: number): string {
  let seen = 0;
  for (let i = 0; i < 5000; i++)
    if (cameraAudioFor(`err-${i}`) === audio && seen++ === nth) return `err-${i}`;
  throw new Error(`no device key with ${audio}`);
}

beforeAll(async () => {
  [media, site, browser] = await Promise.all([
    createLiveMedia({ zlm: true }),
    serveEnginePage(new URL('../support/player-page/', import.meta.url).pathname, 'player-page'),
    launchChromium(),
  ]);
  page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  await page.goto(site.url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  for (let i = 0; i < 12; i++) {
    const device = deviceWith(CAMERAS[i % CAMERAS.length], Math.floor(i / CAMERAS.length));
    devices.push(device);
    playbacks.set(device, await media.startStream({ deviceKey: device, sipId: '', channelId: '' }));
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), media?.close()]);
});

async function play(
  tile: number,
  transport: PlaybackTransport,
  options: PlayerOptions = {},
  destroyOn?: 'media-info' | 'error' | 'connected' | 'first-frame',
) {
  const url = playbacks.get(devices[tile])![FIELD[transport]] as string;
  await page.evaluate(
    ([id, source, options, destroyOn]) => players.play(id, source, options, destroyOn ?? undefined),
    [`t${tile}`, { url, transport, tls: false }, options, destroyOn ?? null] as const,
  );
}

/** Every tile's element decodes `count` more frames. */
async function allAdvance(count = 10, timeout = 30_000) {
  const ids = await page.evaluate(() => players.ids());
  const start = await page.evaluate((ids) => ids.map((id) => players.frames(id)), ids);
  await page
    .waitForFunction(
      ([ids, start, count]) => ids.every((id, i) => players.frames(id) >= start[i] + count),
      [ids, start, count] as const,
      { timeout, polling: 200 },
    )
    .catch(async (error: Error) => {
      const state = await page.evaluate(
        (ids) => ids.map((id) => [id, players.frames(id), players.errors(id)]),
        ids,
      );
      throw new Error(`${error.message}: from ${JSON.stringify(start)} to ${JSON.stringify(state)}`);
    });
}

/** A few macrotasks and animation frames: what a destroyed player might still have queued runs now. */
const settle = () =>
  page.evaluate(
    () =>
      new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => setTimeout(done, 50)), 50)),
  );

describe('players raise no page error', () => {
  it('through start-up, drops, garbage, switches and replacements of a 12-tile wall', async () => {
    // Start: every tile on a WebSocket or HLS (no HTTP connection limit to mind), the first one audible.
    for (let i = 0; i < 12; i++) await play(i, SWITCHES[i % 4], { audio: i === 0 });
    await allAdvance();

    // Drops and garbage on a third of the cameras: their players fail; each is replaced on the same
    // element at once, from the test, by the next transport.
    // (Tiles 0 and 4 WS-FLV, 1 WS-TS, 2 WS-fMP4.)
    const faulty = [0, 1, 2, 4];
    for (const i of faulty)
      media.faults.set(devices[i], i === 4 ? { type: 'garbage' } : { type: 'drop', afterSeconds: 0 });
    try {
      // (Garbage after a good start freezes the picture without a player error: the supervisor's frame
      // watchdog replaces such a player. Here the test replaces it with the others.)
      const dropped = [0, 1, 2];
      await page.waitForFunction(
        (dropped) => dropped.every((i) => players.errors(`t${i}`).length > 0),
        dropped,
        {
          timeout: 15_000,
          polling: 100,
        },
      );
    } catch (error) {
      const state = await page.evaluate(
        (faulty) => faulty.map((i) => [i, players.frames(`t${i}`), players.errors(`t${i}`)]),
        faulty,
      );
      throw new Error(`${(error as Error).message}: ${JSON.stringify(state)}`);
    } finally {
      media.faults.clear();
    }
    for (const i of faulty) await play(i, SWITCHES[(i + 1) % SWITCHES.length]);

    // Switch every tile through the transports as fast as the page takes it, some players destroyed from
    // inside their own listeners (the moment mpegts.js still has events queued).
    const hooks = ['media-info', 'connected', 'first-frame', 'error', undefined] as const;
    for (let round = 0; round < SWITCHES.length; round++) {
      for (let i = 0; i < 12; i++) {
        const transport = SWITCHES[(round + i) % SWITCHES.length];
        // At most a few HTTP streams at once: Chromium holds 6 connections a host.
        const http = transport === 'flv' || transport === 'ts' || transport === 'fmp4';
        await play(
          i,
          http && i % 3 !== 0 ? 'ws-flv' : transport,
          { audio: i === round },
          hooks[(round + i) % hooks.length],
        );
      }
      if (round % 3 === 2) await settle();
    }
    await settle();

    // Replaced before they could start, and destroyed twice.
    for (let i = 0; i < 12; i++) {
      await play(i, 'ws-fmp4');
      await play(i, 'ws-flv', { audio: true });
      await page.evaluate((id) => players.destroy(id), `t${i}`);
      await page.evaluate((id) => players.destroy(id), `t${i}`);
    }

    // The wall ends playing: every tile on WS-FLV or HLS again, its picture moving.
    for (let i = 0; i < 12; i++) await play(i, i % 2 ? 'ws-flv' : 'hls');
    await allAdvance(10);
    await settle();
    expect(pageErrors).toEqual([]);
  });

  it('while fMP4 tiles trim their back buffer and are replaced mid-append', async () => {
    await page.evaluate(() => players.clear());
    for (let i = 0; i < 6; i++) await play(i, 'ws-fmp4', { backBufferSeconds: 0.5 });
    await allAdvance(40);
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 6; i++)
        await play(i, 'ws-fmp4', { backBufferSeconds: 0.5 }, round % 2 ? 'media-info' : undefined);
      await settle();
    }
    for (let i = 0; i < 6; i++) await play(i, 'ws-fmp4', { backBufferSeconds: 0.5 });
    await allAdvance(40);
    expect(pageErrors).toEqual([]);
  });
});
