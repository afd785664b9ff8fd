/**
 * Picture age: how long ago each tile last showed a new picture, sampled once a second in the page.
 *
 * A probe installed in the page (`pictureAgeProbe`) asks every tile's `<video>` for frame
 * callbacks (requestVideoFrameCallback: one per picture presented to the compositor) and notes when
 * the last one came; once a second, while a window is open, it records each tile's age (now − that
 * moment), how many pictures it presented in that second, and the tile's `data-rate` where the page
 * sets one. It also counts the WebSockets the page opens (a tile that reconnects opens a new one).
 * Read the window with `readPictureAges`.
 *
 * Frame callbacks, not getVideoPlaybackQuality: Chromium counts as dropped many of the pictures an
 * overview tile does show (each is shown while its player waits for the next keyframe, which the
 * frame callbacks see), so decoded − dropped would call such a tile far staler than it looks. A
 * callback per picture costs the page a little; the wall and the peer page carry the same probe.
 */
import type { BarePage } from './bare-page';
import { quantile, round } from './stats';

interface TilePictureAges {
  key: string;
  /** Seconds, over the window. */
  ageP50: number | null;
  ageP95: number | null;
  ageMax: number | null;
  /** Seconds of the window in which the tile presented 3 pictures or fewer (overview, or stuck). */
  lowRateSeconds: number;
  seconds: number;
  /** The tile's `data-rate` at the end of the window, where the page sets one. */
  rate: string | null;
}

export interface PictureAges {
  tiles: TilePictureAges[];
  /** Over every tile's samples. */
  ageP50: number | null;
  ageP95: number | null;
  ageMax: number | null;
  /** The highest p95 and max of any single tile: what "every tile's picture age" is judged by. */
  worstTileP95: number | null;
  worstTileMax: number | null;
  /** WebSockets the page opened since the probe was installed. */
  sockets: number;
  /** The engine's decode-budget log lines, with seconds since the probe was installed. */
  log: string[];
}

/**
 * The probe, as a string to evaluate (tsx would wrap inner functions in a helper the page lacks).
 * `tiles`: a selector of the tile elements; `keyAttr`: the data attribute holding each tile's key.
 */
export function pictureAgeProbe(tiles: string, keyAttr: string): string {
  return `(() => {
  if (window.__ages) return;
  const state = { open: false, perKey: new Map(), sockets: 0, log: [], t0: performance.now() };
  window.__ages = state;
  // The engine's per-second load reading (src/lib/wall-engine/load-trace.ts) joins the log.
  window.__wallLoadTrace = true;
  // The engine's decode-budget lines (rates, load), for reading a run afterwards; nothing else.
  const info = console.info.bind(console);
  console.info = (...args) => {
    const line = args.map(String).join(' ');
    if (/decode budget|overview pictures|full rate|pinned|starts with overview/.test(line) && state.log.length < 2000)
      state.log.push(((performance.now() - state.t0) / 1000).toFixed(1) + ' s ' + line);
    info(...args);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) { super(url, protocols); state.sockets += 1; }
  };
  const watch = (video, t) => {
    t.video = video;
    const onFrame = () => {
      if (t.video !== video) return;
      t.changedAt = performance.now();
      t.second += 1;
      t.presented += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  const read = () => {
    for (const el of document.querySelectorAll(${JSON.stringify(tiles)})) {
      const video = el.tagName === 'VIDEO' ? el : el.querySelector('video');
      const key = el.dataset[${JSON.stringify(keyAttr)}];
      if (!video || !key) continue;
      let t = state.perKey.get(key);
      if (!t) {
        t = { presented: 0, changedAt: null, ages: [], low: 0, seconds: 0, second: 0, video: null };
        state.perKey.set(key, t);
      }
      if (t.video !== video) watch(video, t);
      t.rate = el.dataset.rate ?? null;
      // Decoded − dropped too: frame callbacks come at most once per rendering step of the page, so
      // on a busy page they count fewer pictures than were shown (ages stay right: an upper bound).
      const q = video.getVideoPlaybackQuality();
      t.quality = q.totalVideoFrames - q.droppedVideoFrames;
    }
  };
  setInterval(read, 250);
  setInterval(() => {
    const now = performance.now();
    for (const t of state.perKey.values()) {
      if (state.open) {
        t.ages.push(t.changedAt === null ? null : (now - t.changedAt) / 1000);
        t.seconds += 1;
        if (t.second <= 3) t.low += 1;
      }
      t.second = 0;
    }
  }, 1000);
})()`;
}

/** Open (or close) the window in which ages are recorded. */
export async function pictureAgeWindow(page: BarePage, open: boolean): Promise<void> {
  await page.evaluate(`(() => {
    const s = window.__ages;
    if (!s) return;
    if (${open}) for (const t of s.perKey.values()) { t.ages = []; t.low = 0; t.seconds = 0; }
    s.open = ${open};
  })()`);
}

/** WebSockets the page has opened since the probe was installed. */
export function socketsOpened(page: BarePage): Promise<number> {
  return page.evaluate<number>(`window.__ages ? window.__ages.sockets : 0`);
}

/**
 * Each tile's pictures (decoded − dropped of its `<video>`, as the benchmark's fps counts them;
 * restarts with a new player) and frame callbacks so far, for following a change live.
 */
export function presentedNow(
  page: BarePage,
): Promise<Record<string, { presented: number; callbacks: number; rate: string | null }>> {
  return page.evaluate(`(() => {
    const out = {};
    for (const [key, t] of window.__ages.perKey)
      out[key] = { presented: t.quality ?? 0, callbacks: t.presented, rate: t.rate ?? null };
    return out;
  })()`);
}


/** The window's figures. A tile that never showed a picture counts its age as the whole window. */
export async function readPictureAges(page: BarePage): Promise<PictureAges> {
  const raw = await page.evaluate<{
    sockets: number;
    log: string[];
    tiles: { key: string; ages: (number | null)[]; low: number; seconds: number; rate: string | null }[];
  }>(`(() => ({
    sockets: window.__ages.sockets,
    log: window.__ages.log,
    tiles: [...window.__ages.perKey].map(([key, t]) => ({ key, ages: t.ages, low: t.low, seconds: t.seconds, rate: t.rate ?? null })),
  }))()`);
  const all: number[] = [];
  const tiles = raw.tiles.map((t): TilePictureAges => {
    const ages = t.ages.map((a, i) => a ?? i + 1);
    all.push(...ages);
    return {
      key: t.key,
      ageP50: round(quantile(ages, 0.5)),
      ageP95: round(quantile(ages, 0.95)),
      ageMax: ages.length ? round(Math.max(...ages)) : null,
      lowRateSeconds: t.low,
      seconds: t.seconds,
      rate: t.rate,
    };
  });
  const p95s = tiles.map((t) => t.ageP95).filter((v): v is number => v !== null);
  const maxes = tiles.map((t) => t.ageMax).filter((v): v is number => v !== null);
  return {
    tiles,
    ageP50: round(quantile(all, 0.5)),
    ageP95: round(quantile(all, 0.95)),
    ageMax: all.length ? round(Math.max(...all)) : null,
    worstTileP95: p95s.length ? Math.max(...p95s) : null,
    worstTileMax: maxes.length ? Math.max(...maxes) : null,
    sockets: raw.sockets,
    log: raw.log,
  };
}

/** The engine's log lines since the probe was installed (after a removal, say). */
export function engineLog(page: BarePage): Promise<string[]> {
  return page.evaluate<string[]>(`window.__ages ? window.__ages.log : []`);
}

/** Tiles that showed overview pictures (or were stuck) for more than half the window, by key. */
export function degradedTiles(ages: PictureAges): string[] {
  return ages.tiles
    .filter((t) => t.rate === 'overview' || (t.seconds > 0 && t.lowRateSeconds > t.seconds / 2))
    .map((t) => t.key);
}
