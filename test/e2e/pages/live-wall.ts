import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { LiveMedia } from '../../../electron/demo-platform/media';
import { DEFAULT_TRANSPORT_ORDER } from '../../../electron/shared/settings';
import { openWallSession, type WallSession } from '../../bench/lib/wall-session';
import { WallPage } from './wall-page';

/**
 * The session the live wall specs (`wall-live-*.spec.ts`) share: the browser shell at 1600 × 900
 * against the demo platform's live media, and before each case no fault, no scrambled fields, the
 * platform's own stream start and the default playback settings. A spec calls `useLiveWall()` once at
 * its top; the bindings below are filled in its `beforeAll` (read them inside the cases). With
 * `{ zlm: true }` the media speak a real ZLMediaKit's habits (camera audio, its framing and refusals).
 */

export const SCREENS = '.tmp/screens';
export let wall: WallSession;
export let page: Page;
export let wallPage: WallPage;
export let media: LiveMedia;
/** The demo's device keys; each case takes devices of its own. */
export let keys: string[];
/** The platform's own stream start, for a case that wraps it. */
export let original: LiveMedia['startStream'];

/** Registers the shared hooks of a live wall spec (call once, at the spec's top level). */
export function useLiveWall(options: { zlm?: boolean } = {}): void {
  beforeAll(async () => {
    wall = await openWallSession({
      viewport: { width: 1600, height: 900 },
      ...(options.zlm && { liveMediaOptions: { zlm: true } }),
    });
    page = wall.page;
    wallPage = new WallPage(page);
    media = wall.session.media!;
    original = media.startStream.bind(media);
    keys = wall.deviceKeys;
  });

  afterAll(async () => {
    await wall?.close();
  });

  beforeEach(async () => {
    media.faults.clear();
    media.setScrambleFields(false);
    media.startStream = original;
    await wall.settings({
      transportOrder: DEFAULT_TRANSPORT_ORDER,
      statsOverlay: false,
      hiddenTileGraceSeconds: 10,
    });
  });
}
