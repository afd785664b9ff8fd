import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraAudio } from '../../electron/demo-platform/media';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * A wall of cameras as a real ZLMediaKit serves them (the demo platform's `zlm` switch): G.711 A-law,
 * G.711 μ-law, AAC, and a camera without audio that the server gives a silent AAC track. On the
 * default transport order (WS-FLV first) every tile must play its picture within seconds, whatever
 * its audio, and keep playing; no tile is audible, so no tile should pay for its audio.
 */

let wall: WallSession;
const cameras: CameraAudio[] = ['g711a', 'g711u', 'aac', 'none'];
const keyOf = new Map<CameraAudio, string>();

beforeAll(async () => {
  wall = await openWallSession({
    viewport: { width: 1280, height: 800 },
    liveMediaOptions: { zlm: true },
  });
  const media = wall.session.media!;
  for (const key of wall.deviceKeys) {
    const camera = media.cameraAudio(key);
    if (!keyOf.has(camera)) keyOf.set(camera, key);
  }
});

afterAll(async () => {
  await wall?.close();
});

describe('a 2×2 wall against the demo platform playing a real ZLMediaKit', () => {
  it('plays every tile (G.711 A-law, μ-law, AAC, silent AAC) on the default transport order', async () => {
    expect(wall.session.media!.zlm).toBe(true);
    expect([...keyOf.keys()].sort(), 'the demo profile has a camera of every audio kind').toEqual(
      [...cameras].sort(),
    );
    const keys = cameras.map((camera) => keyOf.get(camera)!);
    await wall.showLayout(
      'zlm-2x2',
      { columns: 2, rows: 2 },
      keys.map((deviceKey, i) => ({ deviceKey, column: (i % 2) + 1, row: Math.floor(i / 2) + 1 })),
    );
    const { page } = wall;

    // Within seconds, every picture advances: 25 pictures (a second of video) past the first.
    const first = await Promise.allSettled(
      keys.map((key) => waitForFramesToAdvance(page, tileVideo(key), { frames: 25, timeoutMs: 45_000 })),
    );
    const states = await Promise.all(
      keys.map((key) =>
        page.locator(tileOf(key)).evaluate((el) => ({
          state: (el as HTMLElement).dataset.state,
          text: el.textContent?.slice(0, 120),
        })),
      ),
    );
    const report = cameras.map((camera, i) => ({
      camera,
      ...states[i],
      result: first[i].status === 'fulfilled' ? 'playing' : String(first[i].reason).slice(0, 200),
    }));
    const { byFormat, webrtcSessions } = wall.session.media!.stats();
    console.info(`[e2e] zlm wall: ${JSON.stringify({ report, byFormat, webrtcSessions })}`);
    expect(report.filter((r) => r.result !== 'playing')).toEqual([]);

    // And they keep playing: another two seconds of pictures on every tile.
    await Promise.all(
      keys.map((key) => waitForFramesToAdvance(page, tileVideo(key), { frames: 50, timeoutMs: 30_000 })),
    );
    for (const key of keys)
      await expect.poll(() => page.locator(tileOf(key)).getAttribute('data-state')).toBe('playing');
    // Audio never costs a picture: a muted tile drops its audio, so WS-FLV (first in the default order)
    // carries every camera, G.711 included, with no switch to another transport.
    const after = wall.session.media!.stats();
    expect({ ...after.byFormat, webrtc: after.webrtcSessions }).toEqual({
      flv: 4,
      ts: 0,
      fmp4: 0,
      webrtc: 0,
    });
    expect(wall.session.pageErrors).toEqual([]);
  });
});
