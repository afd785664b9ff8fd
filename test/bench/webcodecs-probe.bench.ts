/**
 * Roads not taken, measured: decode the wall's WS-FLV streams with WebCodecs in the page, instead of
 * `<video>` + MSE + mpegts.js (what the wall does), and show the frames either
 * - `--sink canvas`: drawn into canvases (`--canvas one|per-tile`) by one rAF loop, or
 * - `--sink generator`: written to a MediaStreamTrackGenerator per tile, shown by a `<video>` (no
 *   MSE, no transmuxing, no drawing in the page).
 * Same demo platform, same Chromium flags, a bare page (no DevTools client watching, as bench:wall),
 * same CPU accounting.
 *
 *   npm run bench:webcodecs-probe -- --tiles 36 --seconds 15 [--sink canvas|generator [--pace]] [--canvas one|per-tile]
 *
 * Prints decoded and shown fps per tile, the main thread's time in drawImage (canvas), Chromium's CPU
 * and its breakdown by thread; writes `.bench/webcodecs-probe-<tiles>-<sink>.json`. In software (no
 * GPU) a drawImage of a 640×360 frame costs about a millisecond of the main thread, so 36 canvas tiles
 * cannot keep 25 fps. The generator saves the page's transmuxing and MSE appends, but shows each frame
 * the moment it is decoded: no jitter buffer, no clock. Beware one flattering effect: the demo platform
 * paces every stream of one clip from one ticker (5 clips), so frames arrive in 5 phases and the
 * compositor redraws less often than for 36 cameras with phases of their own. No test asserts these
 * figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifyPlayback } from '../../src/lib/wall-engine/classify';
import { launchBarePage, type BarePage } from './lib/bare-page';
import { openWallSession } from './lib/wall-session';
import { costBreakdown, cpuSecondsBetween, cpuTicks, threadTicks, topThreads } from './lib/proc-stats';

const { values } = parseArgs({
  options: {
    tiles: { type: 'string', default: '36' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    sink: { type: 'string', default: 'canvas' },
    canvas: { type: 'string', default: 'one' },
    pace: { type: 'boolean', default: false },
  },
});
const tiles = Number(values.tiles);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const canvas = values.canvas === 'per-tile' ? 'per-tile' : 'one';
const sink = values.sink;
if (sink !== 'canvas' && sink !== 'generator') throw new Error('--sink must be canvas or generator');
const mode = sink === 'generator' ? 'generator' : canvas;
// `--pace` (generator only): decoded frames wait in a queue per tile and one 40 ms timer writes one of
// each tile's, so every tile's new frame reaches the compositor on the same beat.
const pace = sink === 'generator' && values.pace === true;
if (!Number.isInteger(tiles) || tiles < 1 || tiles > 64) throw new Error('--tiles must be 1–64');
if (!(seconds > 0) || !(warmup >= 0)) throw new Error('--seconds must be > 0 and --warmup ≥ 0');

/**
 * In the page: one WebSocket, FLV parser and VideoDecoder per URL. Canvas modes: one rAF loop draws the
 * newest frames. Generator mode: each decoded frame is written to the tile's MediaStreamTrackGenerator,
 * scaled nearest-neighbour at 0.6 of its size or less, as the wall does.
 */
const PROBE = `(({ urls, mode, pace }) => {
  document.body.innerHTML = '';
  document.body.style.cssText = 'margin:0;background:#000;overflow:hidden';
  const W = innerWidth, H = innerHeight, cols = Math.ceil(Math.sqrt(urls.length));
  const rows = Math.ceil(urls.length / cols), tw = Math.floor(W / cols), th = Math.floor(H / rows);
  const stats = { decoded: 0, drawn: 0, drawMs: 0, maxQueue: 0, errors: [] };
  const videos = [];
  window.__probe = stats;
  window.__presented = () => Promise.all(videos.map((v) => new Promise((resolve) =>
    v.requestVideoFrameCallback((_, meta) => resolve(meta.presentedFrames)))));
  let shared = null;
  if (mode === 'one') {
    const c = document.createElement('canvas'); c.width = W; c.height = H; document.body.append(c);
    shared = c.getContext('2d', { alpha: false });
  }
  const tiles = urls.map((url, i) => {
    const x = (i % cols) * tw, y = Math.floor(i / cols) * th;
    const place = 'position:absolute;left:' + x + 'px;top:' + y + 'px;width:' + tw + 'px;height:' + th + 'px';
    const tile = { x: shared ? x : 0, y: shared ? y : 0, ctx: shared, latest: null, write: null, queue: [] };
    if (mode === 'generator') {
      const video = document.createElement('video');
      video.muted = true; video.autoplay = true; video.playsInline = true;
      video.style.cssText = place + ';object-fit:contain';
      const generator = new MediaStreamTrackGenerator({ kind: 'video' });
      const writer = generator.writable.getWriter();
      video.srcObject = new MediaStream([generator]);
      document.body.append(video); videos.push(video);
      let sized = false;
      tile.write = (frame) => {
        if (!sized) { sized = true; if (tw <= 0.6 * frame.displayWidth) video.style.imageRendering = 'pixelated'; }
        writer.write(frame).catch((e) => stats.errors.push(String(e)));
      };
    } else if (!shared) {
      const c = document.createElement('canvas'); c.width = tw; c.height = th; c.style.cssText = place;
      document.body.append(c); tile.ctx = c.getContext('2d', { alpha: false });
    }
    const decoder = new VideoDecoder({
      output: (frame) => {
        stats.decoded++;
        if (tile.write && pace) { tile.queue.push(frame); while (tile.queue.length > 4) tile.queue.shift().close(); return; }
        if (tile.write) { tile.write(frame); return; }
        if (tile.latest) tile.latest.close();
        tile.latest = frame;
      },
      error: (e) => stats.errors.push(String(e)),
    });
    let buf = new Uint8Array(0), headerDone = false;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (ev) => {
      const d = new Uint8Array(ev.data);
      if (buf.length === 0) buf = d;
      else { const joined = new Uint8Array(buf.length + d.length); joined.set(buf); joined.set(d, buf.length); buf = joined; }
      let p = 0;
      if (!headerDone) { if (buf.length < 13) return; p = 13; headerDone = true; }
      while (buf.length - p >= 11) {
        const type = buf[p], size = (buf[p + 1] << 16) | (buf[p + 2] << 8) | buf[p + 3];
        if (buf.length - p < 11 + size + 4) break;
        const ts = ((buf[p + 4] << 16) | (buf[p + 5] << 8) | buf[p + 6]) | (buf[p + 7] << 24);
        const body = buf.subarray(p + 11, p + 11 + size);
        if (type === 9 && (body[0] & 15) === 7) {
          const key = body[0] >> 4 === 1, packet = body[1];
          const cts = (((body[2] << 16) | (body[3] << 8) | body[4]) << 8) >> 8;
          if (packet === 0) {
            const record = body.slice(5);
            const codec = 'avc1.' + [record[1], record[2], record[3]].map((b) => b.toString(16).padStart(2, '0')).join('');
            decoder.configure({ codec, description: record, optimizeForLatency: true, hardwareAcceleration: 'prefer-software' });
          } else if (packet === 1 && decoder.state === 'configured') {
            stats.maxQueue = Math.max(stats.maxQueue, decoder.decodeQueueSize);
            decoder.decode(new EncodedVideoChunk({ type: key ? 'key' : 'delta', timestamp: (ts + cts) * 1000, data: body.subarray(5) }));
          }
        }
        p += 11 + size + 4;
      }
      buf = p === buf.length ? new Uint8Array(0) : buf.slice(p);
    };
    return tile;
  });
  if (mode === 'generator' && pace)
    setInterval(() => { for (const t of tiles) { const f = t.queue.shift(); if (f) t.write(f); } }, 40);
  if (mode === 'generator') return;
  const draw = () => {
    const t0 = performance.now();
    for (const t of tiles) {
      if (!t.latest) continue;
      t.ctx.drawImage(t.latest, t.x, t.y, tw, th);
      t.latest.close(); t.latest = null; stats.drawn++;
    }
    stats.drawMs += performance.now() - t0;
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);
})`;

interface ProbeStats {
  decoded: number;
  drawn: number;
  drawMs: number;
  maxQueue: number;
  errors: string[];
}

const wall = await openWallSession({ viewport: { width: 1920, height: 1080 } });
let page: BarePage | null = null;
try {
  await wall.showLayout('webcodecs-probe', { columns: 1, rows: 1 }, []);
  const urls: string[] = [];
  for (const deviceKey of wall.deviceKeys.slice(0, tiles)) {
    const started = await wall.session.call('streams:start', { profileId: wall.profileId, deviceKey });
    if (!started.ok) throw new Error(`streams:start ${deviceKey}: ${started.error.message}`);
    const wsFlv = classifyPlayback(started.value).playable.find((c) => c.transport === 'ws-flv');
    if (!wsFlv) throw new Error(`${deviceKey}: the platform offered no WS-FLV URL`);
    urls.push(wsFlv.url);
  }
  if (urls.length < tiles) throw new Error(`only ${urls.length} devices to stream, asked for ${tiles}`);
  // The Playwright page only asked for the URLs; it idles on a blank page while the probe runs.
  await wall.page.goto('about:blank');
  page = await launchBarePage({ viewport: { width: 1920, height: 1080 } });
  const probe = page;
  // Any page of the browser shell's origin: loopback is a secure context, which WebCodecs needs.
  await probe.navigate(new URL('/webcodecs-probe', wall.session.shell.origin).href);
  await probe.evaluate(`${PROBE}(${JSON.stringify({ urls, mode, pace })})`);
  const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
  await pause(warmup);

  const read = () => probe.evaluate<ProbeStats>('({ ...window.__probe })');
  const presented = () => probe.evaluate<number[]>('window.__presented()');
  const s0 = await read();
  const p0 = sink === 'generator' ? await presented() : [];
  const cpu0 = cpuTicks(probe.pid);
  const threads0 = threadTicks(probe.pid);
  await pause(seconds);
  const s1 = await read();
  const p1 = sink === 'generator' ? await presented() : [];
  const chromiumPct = (cpuSecondsBetween(cpu0, cpuTicks(probe.pid)) / seconds) * 100;
  const threads1 = threadTicks(probe.pid);
  const shownFps = p1.map((n, i) => (n - p0[i]) / seconds).sort((a, b) => a - b);

  const result = {
    tiles,
    sink,
    ...(sink === 'canvas' ? { canvas } : { pace }),
    seconds,
    decodedFpsPerTile: Number(((s1.decoded - s0.decoded) / seconds / tiles).toFixed(1)),
    ...(sink === 'canvas'
      ? {
          drawnFpsPerTile: Number(((s1.drawn - s0.drawn) / seconds / tiles).toFixed(1)),
          drawImageMsPerSecond: Math.round((s1.drawMs - s0.drawMs) / seconds),
          drawImageMsPerFrame: Number(
            ((s1.drawMs - s0.drawMs) / Math.max(1, s1.drawn - s0.drawn)).toFixed(2),
          ),
        }
      : {
          presentedFpsPerTileMedian: Number(shownFps[shownFps.length >> 1].toFixed(1)),
          presentedFpsPerTileMin: Number(shownFps[0].toFixed(1)),
        }),
    maxDecodeQueue: s1.maxQueue,
    errors: s1.errors.slice(0, 5),
    chromiumPctOfOneCore: Number(chromiumPct.toFixed(1)),
    /** WebCodecs decodes on the renderer's thread pool (`renderer/ThreadPoolForeg`), counted as "other". */
    breakdownPctOfOneCore: costBreakdown(threads0, threads1, seconds),
    busiestThreads: topThreads(threads0, threads1, seconds, 6),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync('.bench', { recursive: true });
  const name = sink === 'canvas' ? canvas : pace ? 'generator-paced' : sink;
  writeFileSync(`.bench/webcodecs-probe-${tiles}-${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await page?.close();
  await wall.close();
}
process.exit(0);
