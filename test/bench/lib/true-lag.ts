/**
 * True lag: how far behind the camera each tile's picture is, measured the same way in the wall and in
 * the plain mpegts.js page, from outside both (issue #27, item 7).
 *
 * A probe in the page wraps `WebSocket` (before any player opens one) and, for every WS-FLV socket,
 * reads the FLV tag headers of each message as the page receives it: a video tag's timestamp is the
 * camera's clock, `performance.now()` at the message event is its arrival. As the players' own
 * LivenessMeter does, the smallest `arrival − timestamp` since the socket opened is the stream's
 * start-up delay, so at a sample
 *
 *   trail  = now − (newest video timestamp + that smallest offset)   (what delivery, the socket's unread
 *            backlog and a busy main thread add; counts the time since the newest tag arrived too)
 *   queued = buffered end − currentTime of the tile's <video>          (what waits in the element unshown)
 *   behind = trail + queued
 *
 * The probe's arithmetic is the benchmark's own, not the app's: in the wall it checks the figure the
 * tiles show (`stats().liveness.behindMs`, read from the stats overlay's "behind live" row after the
 * window, see `readOverlayBehind`). It does not count demuxing, decoding and compositing (a frame or
 * two), nor a clock offset the stream had from its very first frame. The demo's fixtures carry no
 * wall-clock code burnt into the picture, so an end-to-end figure from the picture itself is not
 * available for WS-FLV; WebRTC keeps the benchmark's end-to-end RTP measure (wall.bench.ts).
 *
 * Sockets are tied to tiles by the stream's URL path (`pathOwner`: the benchmark records which device
 * each streamStart answer was for).
 */
import type { BarePage } from './bare-page';
import { quantile, round } from './stats';

/**
 * The probe, as a string to evaluate (tsx would wrap inner functions in a helper the page lacks).
 * `tiles`: a selector of the tile elements (a tile or its <video>); `keyAttr`: the data attribute
 * holding each tile's key.
 */
export function trueLagProbe(tiles: string, keyAttr: string): string {
  return `(() => {
  if (window.__lag) return;
  const state = { sockets: [] };
  window.__lag = state;
  const DISCONTINUITY_MS = 10000;
  const meter = (s, media, arrival) => {
    const offset = arrival - media;
    if (s.frames > 0) {
      const mediaStep = media - s.lastMedia;
      const arrivalStep = arrival - s.lastArrival;
      if (mediaStep < -1000 || mediaStep - arrivalStep > DISCONTINUITY_MS) s.floor = offset;
    }
    if (s.frames === 0 || offset < s.floor) s.floor = offset;
    s.lastMedia = media;
    s.lastArrival = arrival;
    s.frames += 1;
  };
  // FLV read as a stream of tag headers: 11 bytes each (type, size, timestamp), the body skipped.
  const feed = (s, b, now) => {
    let i = 0;
    if (!s.started) {
      s.started = true;
      if (b.length < 9 || b[0] !== 0x46 || b[1] !== 0x4c || b[2] !== 0x56) { s.bad = 'no FLV header'; return; }
      s.skip = ((b[5] << 24) | (b[6] << 16) | (b[7] << 8) | b[8]) + 4;
    }
    while (i < b.length && !s.bad) {
      if (s.skip > 0) { const n = Math.min(s.skip, b.length - i); s.skip -= n; i += n; continue; }
      while (s.head.length < 11 && i < b.length) s.head.push(b[i++]);
      if (s.head.length < 11) break;
      const h = s.head;
      s.head = [];
      const type = h[0] & 0x1f;
      if (type !== 8 && type !== 9 && type !== 18) { s.bad = 'lost tag sync'; break; }
      const size = (h[1] << 16) | (h[2] << 8) | h[3];
      const ts = ((h[7] << 24) | (h[4] << 16) | (h[5] << 8) | h[6]) >>> 0;
      if (type === 9) meter(s, ts, now);
      s.skip = size + 4;
    }
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const s = { path: new URL(url, location.href).pathname, openedAt: performance.now(), closed: false,
        started: false, skip: 0, head: [], bad: null, floor: 0, lastMedia: 0, lastArrival: 0, frames: 0 };
      state.sockets.push(s);
      this.addEventListener('message', (e) => {
        if (e.data instanceof ArrayBuffer) feed(s, new Uint8Array(e.data), performance.now());
      });
      this.addEventListener('close', () => { s.closed = true; });
    }
  };
  // A tile whose <video> plays a track (the wall's WebCodecs tiles) has no buffered range: what waits
  // unshown is read from the picture it presents next, its media time (the FLV timestamp the player
  // gave the frame), against the newest timestamp its socket brought. One frame callback a reading.
  const presented = (video) => new Promise((resolve) => {
    if (!video || !video.srcObject || !video.requestVideoFrameCallback) return resolve(null);
    const timer = setTimeout(() => resolve(null), 250);
    video.requestVideoFrameCallback((_, meta) => { clearTimeout(timer); resolve(meta.mediaTime * 1000); });
  });
  state.sample = async () => {
    const elements = [...document.querySelectorAll(${JSON.stringify(tiles)})];
    const videoOf = (el) => el.tagName === 'VIDEO' ? el : el.querySelector('video');
    const shown = await Promise.all(elements.map((el) => presented(videoOf(el))));
    const now = performance.now();
    state.sockets = state.sockets.filter((s) => !s.closed);
    return {
      sockets: state.sockets.filter((s) => s.frames >= 2 && !s.bad).map((s) => ({
        path: s.path,
        openedAt: s.openedAt,
        trailMs: Math.max(0, now - s.lastMedia - s.floor),
        atArrivalMs: Math.max(0, s.lastArrival - s.lastMedia - s.floor),
        lastMediaMs: s.lastMedia,
      })),
      bad: state.sockets.filter((s) => s.bad).length,
      tiles: elements.map((el, i) => {
        const video = videoOf(el);
        const b = video ? video.buffered : { length: 0 };
        return {
          key: el.dataset[${JSON.stringify(keyAttr)}],
          queuedMs: b.length ? Math.max(0, (b.end(b.length - 1) - video.currentTime) * 1000) : null,
          shownMediaMs: shown[i],
          videos: el.tagName === 'VIDEO' ? 1 : el.querySelectorAll('video').length,
          flagged: el.dataset.behind === 'true',
          state: el.dataset.state ?? 'playing',
          rate: el.dataset.rate ?? null,
        };
      }),
    };
  };
})()`;
}

interface RawSample {
  sockets: { path: string; openedAt: number; trailMs: number; atArrivalMs: number; lastMediaMs: number }[];
  bad: number;
  tiles: {
    key: string;
    queuedMs: number | null;
    /** A track's tile: the media time (ms) of the picture it presented at the reading. */
    shownMediaMs: number | null;
    videos: number;
    flagged: boolean;
    state: string;
    rate: string | null;
  }[];
}

export interface TrueLagFigures {
  samples: number;
  /** Tile-seconds with no open WS-FLV socket measured for the tile (reconnecting, or not WS-FLV). */
  unmeasured: number;
  /** Over every playing tile's samples, s. */
  p50Seconds: number | null;
  p95Seconds: number | null;
  maxSeconds: number | null;
  /**
   * The same without the time since the newest frame arrived (trail taken at its arrival, as the
   * players' LivenessMeter does): what the app's figure should read. The gap between the two is time
   * in which no frame arrived.
   */
  atArrivalP50Seconds: number | null;
  atArrivalP95Seconds: number | null;
  /** The oldest picture at a moment its tile was shown as live (playing, no BEHIND LIVE badge), s. */
  oldestShownAsLiveSeconds: number | null;
  /** Tile-seconds shown as live with the picture more than 2.5 s behind. */
  shownAsLiveOver2500ms: number;
  /** Tile-seconds flagged BEHIND LIVE (the page's `data-behind`). */
  flaggedSeconds: number;
  /** Sockets whose FLV the probe could not follow (not counted). */
  unreadableSockets: number;
  measure: string;
}

/** Streams tied to their keys by URL path (for its own recorder). */
export function peerPathOwner(streams: { key: string; url: string }[]): (path: string) => string | undefined {
  const owners = new Map(streams.map((s) => [new URL(s.url).pathname, s.key]));
  return (path) => owners.get(path);
}

/** Collects the per-second samples of one page. `pathOwner` maps a stream's URL path to its tile key. */
export class TrueLagRecorder {
  private readonly behind: number[] = [];
  private readonly asLive: number[] = [];
  private readonly behindAtArrival: number[] = [];
  /** The last sample's figure the app's way (trail at the newest frame's arrival + queued), by key. */
  readonly lastAtArrival = new Map<string, number>();
  /** The last sample's parts by key (to read a disagreement with the app's figure). */
  readonly lastParts = new Map<
    string,
    { trailAtArrivalMs: number; queuedMs: number | null; videos: number }
  >();
  private unmeasured = 0;
  private flagged = 0;
  private bad = 0;

  constructor(
    private readonly page: BarePage,
    private readonly pathOwner: (path: string) => string | undefined,
  ) {}

  /** One reading of every tile; returns each tile's behind (ms) or null, by key. */
  async sample(): Promise<Map<string, number | null>> {
    const raw = await this.page.evaluate<RawSample | null>(`window.__lag ? window.__lag.sample() : null`);
    const out = new Map<string, number | null>();
    this.lastAtArrival.clear();
    this.lastParts.clear();
    if (!raw) return out;
    this.bad = Math.max(this.bad, raw.bad);
    // The tile's newest measured socket (a reconnect or catch-up opens another).
    const newest = new Map<string, RawSample['sockets'][number]>();
    for (const s of raw.sockets) {
      const key = this.pathOwner(s.path);
      if (key === undefined) continue;
      const seen = newest.get(key);
      if (!seen || s.openedAt > seen.openedAt) newest.set(key, s);
    }
    for (const t of raw.tiles) {
      if (t.flagged) this.flagged += 1;
      const socket = newest.get(t.key);
      if (t.state !== 'playing' || !socket) {
        if (t.state === 'playing') this.unmeasured += 1;
        out.set(t.key, null);
        continue;
      }
      if (t.shownMediaMs !== null) t.queuedMs = Math.max(0, socket.lastMediaMs - t.shownMediaMs);
      const behindMs = socket.trailMs + (t.queuedMs ?? 0);
      const atArrival = socket.atArrivalMs + (t.queuedMs ?? 0);
      this.lastAtArrival.set(t.key, atArrival);
      this.lastParts.set(t.key, {
        trailAtArrivalMs: Math.round(socket.atArrivalMs),
        queuedMs: t.queuedMs === null ? null : Math.round(t.queuedMs),
        videos: t.videos,
      });
      this.behindAtArrival.push(atArrival);
      this.behind.push(behindMs);
      if (!t.flagged) this.asLive.push(behindMs);
      out.set(t.key, behindMs);
    }
    return out;
  }

  figures(): TrueLagFigures {
    const s = (ms: number | null) => (ms === null ? null : round(ms / 1000, 3));
    return {
      samples: this.behind.length,
      unmeasured: this.unmeasured,
      p50Seconds: s(quantile(this.behind, 0.5)),
      p95Seconds: s(quantile(this.behind, 0.95)),
      maxSeconds: this.behind.length ? s(Math.max(...this.behind)) : null,
      atArrivalP50Seconds: s(quantile(this.behindAtArrival, 0.5)),
      atArrivalP95Seconds: s(quantile(this.behindAtArrival, 0.95)),
      oldestShownAsLiveSeconds: this.asLive.length ? s(Math.max(...this.asLive)) : null,
      shownAsLiveOver2500ms: this.asLive.filter((ms) => ms > 2500).length,
      flaggedSeconds: this.flagged,
      unreadableSockets: this.bad,
      measure:
        'per tile per second: now − (newest FLV video timestamp + the smallest arrival − timestamp since the socket opened) + (buffered end − currentTime, or for a track the newest timestamp − the presented picture’s); see test/bench/lib/true-lag.ts',
    };
  }
}

/** What the wall's own overlay says, beside the probe's figure at the same moment. */
export interface OverlayBehind {
  /** Per reading and tile: the overlay's "behind live" (the tile's stats().liveness.behindMs), s. */
  appSeconds: number[];
  /** The probe's figure for the same tiles at the same readings, s. */
  probeSeconds: number[];
  /** Of the tiles not flagged BEHIND LIVE: the oldest picture the overlay reported, s. */
  appOldestShownAsLiveSeconds: number | null;
  appP50Seconds: number | null;
  appP95Seconds: number | null;
  probeP50Seconds: number | null;
  probeP95Seconds: number | null;
  /** The probe's figure the app's way (no time since the newest frame's arrival), s. */
  probeAtArrivalP50Seconds: number | null;
  probeAtArrivalP95Seconds: number | null;
  /** Readings where the tile's figure and the probe's (the app's way where it has one) differ by > 0.5 s. */
  disagreements: { key: string; app: number; probe: number; probeAtArrival?: number; parts?: unknown }[];
}

/**
 * With the stats overlay shown: `readings` times a second apart, every tile's "behind live" row and
 * flag, beside the benchmark's own figure at the same moment (`probe`: ms by tile key; a recorder's
 * `sample` for WS-FLV, the end-to-end RTP measure for WebRTC).
 */
export async function readOverlayBehind(
  page: BarePage,
  probe: () => Promise<Map<string, number | null>>,
  readings: number,
  sleep: (ms: number) => Promise<void>,
  /** The probe's figure the app's way (at the newest frame's arrival), read after each `probe()`. */
  atArrival?: () => ReadonlyMap<string, number>,
  parts?: () => ReadonlyMap<string, unknown>,
): Promise<OverlayBehind> {
  const likeApp: number[] = [];
  const app: number[] = [];
  const probed: number[] = [];
  const asLive: number[] = [];
  const disagreements: OverlayBehind['disagreements'] = [];
  for (let i = 0; i < readings; i++) {
    await sleep(1000);
    const rows = await page.evaluate<{ key: string; text: string; flagged: boolean }[]>(
      `[...document.querySelectorAll('[data-testid="wall-tile"]')].map((el) => ({ key: el.dataset.deviceKey, flagged: el.dataset.behind === 'true', text: el.querySelector('[data-stat="behind live"] dd')?.textContent ?? '' }))`,
    );
    const figures = await probe();
    for (const r of rows) {
      const m = /([\d.]+)\s*s/.exec(r.text);
      if (!m) continue;
      const seconds = Number(m[1]);
      app.push(seconds);
      if (!r.flagged) asLive.push(seconds);
      const p = figures.get(r.key);
      if (p == null) continue;
      probed.push(p / 1000);
      const a = atArrival?.().get(r.key);
      if (a !== undefined) likeApp.push(a / 1000);
      // Like for like: the app's way where the probe has it (WS-FLV), else the end-to-end figure.
      const compare = a ?? p;
      if (Math.abs(compare / 1000 - seconds) > 0.5 && disagreements.length < 50)
        disagreements.push({
          key: r.key,
          app: seconds,
          probe: round(p / 1000, 3)!,
          ...(a !== undefined && { probeAtArrival: round(a / 1000, 3)! }),
          ...(parts && { parts: parts().get(r.key) }),
        });
    }
  }
  return {
    appSeconds: app,
    probeSeconds: probed,
    appOldestShownAsLiveSeconds: asLive.length ? Math.max(...asLive) : null,
    appP50Seconds: round(quantile(app, 0.5), 3),
    appP95Seconds: round(quantile(app, 0.95), 3),
    probeP50Seconds: round(quantile(probed, 0.5), 3),
    probeP95Seconds: round(quantile(probed, 0.95), 3),
    probeAtArrivalP50Seconds: round(quantile(likeApp, 0.5), 3),
    probeAtArrivalP95Seconds: round(quantile(likeApp, 0.95), 3),
    disagreements,
  };
}
