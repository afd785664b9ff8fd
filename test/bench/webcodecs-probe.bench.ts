/**
 * The road not taken, measured: decode the wall's WS-FLV streams with WebCodecs and draw them into
 * canvases, instead of `<video>` + MSE (what the wall does). Same demo platform, same Chromium flags,
 * same CPU accounting as `bench:wall`.
 *
 *   npm run bench:webcodecs-probe -- --tiles 36 --seconds 15 [--canvas one|per-tile]
 *
 * Prints decoded and drawn fps per tile, the main thread's time in drawImage, Chromium's CPU and its
 * breakdown by thread; writes `.bench/webcodecs-probe-<tiles>-<canvas>.json`. In software (no GPU) a
 * drawImage of a 640×360 frame costs about a millisecond of the main thread, so 36 tiles cannot keep
 * 25 fps: the reason the wall stays on `<video>`. No test asserts these figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifyPlayback } from '../../src/lib/wall-engine/classify';
import { openWallSession } from './lib/wall-session';
import { costBreakdown, cpuSecondsBetween, cpuTicks, threadTicks, topThreads } from './lib/proc-stats';

const { values } = parseArgs({
  options: {
    tiles: { type: 'string', default: '36' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    canvas: { type: 'string', default: 'one' },
  },
});
const tiles = Number(values.tiles);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const canvas = values.canvas === 'per-tile' ? 'per-tile' : 'one';
if (!Number.isInteger(tiles) || tiles < 1 || tiles > 64) throw new Error('--tiles must be 1–64');
if (!(seconds > 0) || !(warmup >= 0)) throw new Error('--seconds must be > 0 and --warmup ≥ 0');

/** In the page: one WebSocket, FLV parser and VideoDecoder per URL; one rAF loop draws the newest frames. */
const PROBE = `(({ urls, mode }) => {
  document.body.innerHTML = '';
  document.body.style.margin = '0';
  const W = innerWidth, H = innerHeight, cols = Math.ceil(Math.sqrt(urls.length));
  const rows = Math.ceil(urls.length / cols), tw = Math.floor(W / cols), th = Math.floor(H / rows);
  const stats = { decoded: 0, drawn: 0, drawMs: 0, maxQueue: 0, errors: [] };
  window.__probe = stats;
  let shared = null;
  if (mode === 'one') {
    const c = document.createElement('canvas'); c.width = W; c.height = H; document.body.append(c);
    shared = c.getContext('2d', { alpha: false });
  }
  const tiles = urls.map((url, i) => {
    const x = (i % cols) * tw, y = Math.floor(i / cols) * th;
    let ctx = shared;
    if (!ctx) {
      const c = document.createElement('canvas'); c.width = tw; c.height = th;
      c.style.cssText = 'position:absolute;left:' + x + 'px;top:' + y + 'px';
      document.body.append(c); ctx = c.getContext('2d', { alpha: false });
    }
    const tile = { x: shared ? x : 0, y: shared ? y : 0, ctx, latest: null };
    const decoder = new VideoDecoder({
      output: (frame) => { stats.decoded++; if (tile.latest) tile.latest.close(); tile.latest = frame; },
      error: (e) => stats.errors.push(String(e)),
    });
    let buf = new Uint8Array(0), headerDone = false;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (ev) => {
      const d = new Uint8Array(ev.data);
      const joined = new Uint8Array(buf.length + d.length); joined.set(buf); joined.set(d, buf.length); buf = joined;
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
      buf = buf.slice(p);
    };
    return tile;
  });
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
  await wall.page.evaluate(`${PROBE}(${JSON.stringify({ urls, mode: canvas })})`);
  await wall.page.waitForTimeout(warmup * 1000);

  const read = () => wall.page.evaluate('({ ...window.__probe })') as Promise<ProbeStats>;
  const s0 = await read();
  const cpu0 = cpuTicks(process.pid);
  const threads0 = threadTicks(process.pid);
  await wall.page.waitForTimeout(seconds * 1000);
  const s1 = await read();
  const chromiumPct = (cpuSecondsBetween(cpu0, cpuTicks(process.pid)) / seconds) * 100;
  const threads1 = threadTicks(process.pid);

  const result = {
    tiles,
    canvas,
    seconds,
    decodedFpsPerTile: Number(((s1.decoded - s0.decoded) / seconds / tiles).toFixed(1)),
    drawnFpsPerTile: Number(((s1.drawn - s0.drawn) / seconds / tiles).toFixed(1)),
    drawImageMsPerSecond: Math.round((s1.drawMs - s0.drawMs) / seconds),
    drawImageMsPerFrame: Number(((s1.drawMs - s0.drawMs) / Math.max(1, s1.drawn - s0.drawn)).toFixed(2)),
    maxDecodeQueue: s1.maxQueue,
    errors: s1.errors.slice(0, 5),
    chromiumPctOfOneCore: Number(chromiumPct.toFixed(1)),
    breakdownPctOfOneCore: costBreakdown(threads0, threads1, seconds),
    busiestThreads: topThreads(threads0, threads1, seconds, 6),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync('.bench', { recursive: true });
  writeFileSync(`.bench/webcodecs-probe-${tiles}-${canvas}.json`, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await wall.close();
}
process.exit(0);
