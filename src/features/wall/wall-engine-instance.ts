import { DEFAULT_SETTINGS, type Settings } from '../../../electron/shared/settings';
import { WallEngine } from '../../lib/wall-engine';

type EngineSettings = Pick<Settings, 'transportOrder' | 'hiddenTileGraceSeconds'>;

let engine: WallEngine | null = null;
let current: EngineSettings | null = null;

const options = (s: EngineSettings) => ({
  order: s.transportOrder,
  hiddenGraceMs: s.hiddenTileGraceSeconds * 1000,
});

/**
 * The page's one playback engine, shared by every tile: one connection budget (Chromium's six
 * HTTP/1.1 connections per host are per page) and one start scheduler (tiles start in waves).
 * Made on first use with the settings given last to configureWallEngine; it lives as long as the page,
 * and so does its `online` listener.
 */
export function wallEngine(): WallEngine {
  if (!engine) {
    const made = new WallEngine(options(current ?? DEFAULT_SETTINGS));
    // The network came back (a cable, a switch, Wi-Fi): tiles waiting out a backoff retry at once.
    globalThis.addEventListener?.('online', () => made.networkRestored());
    engine = made;
  }
  return engine;
}

/** Settings changed: new tiles and the next attempt of every tile use them; playing tiles go on. */
export function configureWallEngine(settings: EngineSettings): void {
  const same =
    current !== null &&
    current.hiddenTileGraceSeconds === settings.hiddenTileGraceSeconds &&
    current.transportOrder.join() === settings.transportOrder.join();
  current = {
    transportOrder: [...settings.transportOrder],
    hiddenTileGraceSeconds: settings.hiddenTileGraceSeconds,
  };
  if (!same) engine?.update(options(current));
}
