import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMedia, type LiveMedia } from '../../electron/demo-platform/media';
import type { StreamUrlField } from '../../electron/shared/domain';
import { launchChromium } from '../support/chromium';
import { installFrameCounter, waitForFramesToAdvance } from '../support/frames';
import { PLAYER_LIBRARIES, startStaticServer, type StaticServer } from '../support/static-server';

/** Each served format, the device that shows it, and the player a wall tile would use. */
const CASES: {
  field: StreamUrlField;
  deviceKey: string;
  player: 'mpegts-flv' | 'mpegts-ts' | 'hls' | 'native' | 'mse-ws';
}[] = [
  { field: 'flv', deviceKey: 'e2e-http-flv', player: 'mpegts-flv' },
  { field: 'ws_flv', deviceKey: 'e2e-ws-flv', player: 'mpegts-flv' },
  { field: 'ts', deviceKey: 'e2e-http-ts', player: 'mpegts-ts' },
  { field: 'ws_ts', deviceKey: 'e2e-ws-ts', player: 'mpegts-ts' },
  { field: 'hls', deviceKey: 'e2e-hls', player: 'hls' },
  { field: 'fmp4', deviceKey: 'e2e-fmp4', player: 'native' },
  { field: 'ws_fmp4', deviceKey: 'e2e-ws-fmp4', player: 'mse-ws' },
];

let media: LiveMedia;
let statics: StaticServer;
let browser: Browser;

beforeAll(async () => {
  [media, statics, browser] = await Promise.all([createLiveMedia(), startStaticServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await statics?.close();
  await media?.close();
});

/** A page on the static server's origin (so every media request is cross-origin, as in the app). */
async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(statics.origin);
  await page.addScriptTag({ url: `${statics.origin}${PLAYER_LIBRARIES.mpegts}` });
  await page.addScriptTag({ url: `${statics.origin}${PLAYER_LIBRARIES.hls}` });
  await page.evaluate(() => {
    const video = document.createElement('video');
    video.id = 'tile';
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    document.body.append(video);
  });
  await installFrameCounter(page, '#tile');
  return page;
}

interface PlayerGlobals {
  mpegts: {
    createPlayer(
      source: { type: string; isLive: boolean; url: string },
      config: Record<string, unknown>,
    ): {
      attachMediaElement(el: HTMLMediaElement): void;
      load(): void;
      play(): Promise<void> | void;
    };
  };
  Hls: new (config: Record<string, unknown>) => {
    loadSource(url: string): void;
    attachMedia(el: HTMLMediaElement): void;
  };
}

async function play(page: Page, player: (typeof CASES)[number]['player'], url: string): Promise<void> {
  await page.evaluate(
    ({ player, url }) => {
      const globals = window as unknown as PlayerGlobals;
      const video = document.getElementById('tile') as HTMLVideoElement;
      if (player === 'native') {
        video.src = url;
      } else if (player === 'mse-ws') {
        // The smallest MSE player: WebSocket messages appended in order to one SourceBuffer.
        const source = new MediaSource();
        video.src = URL.createObjectURL(source);
        source.addEventListener('sourceopen', () => {
          const buffer = source.addSourceBuffer('video/mp4; codecs="avc1.42c01e"');
          const queue: ArrayBuffer[] = [];
          const pump = (): void => {
            if (!buffer.updating && queue.length > 0) buffer.appendBuffer(queue.shift()!);
          };
          buffer.addEventListener('updateend', pump);
          const ws = new WebSocket(url);
          ws.binaryType = 'arraybuffer';
          ws.onmessage = (event) => {
            queue.push(event.data as ArrayBuffer);
            pump();
          };
        });
      } else if (player === 'hls') {
        const hls = new globals.Hls({ enableWorker: false });
        hls.loadSource(url);
        hls.attachMedia(video);
      } else {
        const p = globals.mpegts.createPlayer(
          { type: player === 'mpegts-flv' ? 'flv' : 'mpegts', isLive: true, url },
          { enableWorker: false, lazyLoad: false },
        );
        p.attachMediaElement(video);
        p.load();
      }
      void video.play().catch(() => {});
    },
    { player, url },
  );
}

describe('live media plays in Chromium', () => {
  it('has MSE with H.264 baseline', async () => {
    const page = await openPage();
    try {
      const supported = await page.evaluate(() =>
        MediaSource.isTypeSupported('video/mp4; codecs="avc1.42c01e"'),
      );
      expect(supported).toBe(true);
    } finally {
      await page.close();
    }
  });

  it.each(CASES)(
    '$field plays with $player: decoded pictures advance',
    async ({ field, deviceKey, player }) => {
      const stream = await media.startStream({ deviceKey, sipId: '', channelId: '' });
      const page = await openPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await play(page, player, stream[field]);
        const progress = await waitForFramesToAdvance(page, '#tile', { frames: 25, timeoutMs: 30_000 });
        expect(progress.after.decoded - progress.before.decoded).toBeGreaterThanOrEqual(25);
        expect(progress.after.currentTime).toBeGreaterThan(progress.before.currentTime);
        expect(progress.after.presented).toBeGreaterThan(progress.before.presented);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
