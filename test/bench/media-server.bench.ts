/**
 * Media server benchmark: how much CPU the demo platform's media server spends on a wall of live viewers.
 *
 *   npm run bench:media                        # 64 HTTP-FLV viewers of 64 360p devices, 20 s
 *   npm run bench:media -- --viewers 64 --seconds 20 --format flv|ts|fmp4 [--hd]
 *
 * The server runs in this process; the viewers run in a child process (so their parsing does not count),
 * reading real loopback HTTP. The figure is this process's CPU time (user + system, all threads) over the
 * measured window, as a percentage of one core. Results go to .bench/media-server.json.
 */
import { fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createLiveMedia } from '../../electron/demo-platform/media';

interface Args {
  viewers: number;
  seconds: number;
  warmup: number;
  format: 'flv' | 'ts' | 'fmp4';
  hd: boolean;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const format = value('format', 'flv');
  if (format !== 'flv' && format !== 'ts' && format !== 'fmp4')
    throw new Error(`--format flv|ts|fmp4, not ${format}`);
  return {
    viewers: Number(value('viewers', '64')),
    seconds: Number(value('seconds', '20')),
    warmup: Number(value('warmup', '3')),
    format,
    hd: argv.includes('--hd'),
  };
}

type ToChild = { type: 'open'; urls: string[] } | { type: 'stop' };
type ToParent =
  | { type: 'ready' }
  | { type: 'report'; viewers: { bytes: number; pictures: number; ended: boolean }[]; seconds: number };

/** The child: open every URL, count bytes and FLV video tags (a cheap streaming tag walk). */
function runViewers(): void {
  const counters: { bytes: number; pictures: number; ended: boolean }[] = [];
  let measuringFrom = 0;
  let baseline: { bytes: number; pictures: number }[] = [];
  process.on('message', (message: ToChild) => {
    if (message.type === 'open') {
      let opened = 0;
      for (const url of message.urls) {
        const counter = { bytes: 0, pictures: 0, ended: false };
        counters.push(counter);
        // FLV tag walk: skip 13 header bytes, then 11-byte tag headers and bodies.
        let skip = 13;
        let header = Buffer.alloc(0);
        get(url, { agent: false }, (res) => {
          opened += 1;
          if (opened === message.urls.length) {
            measuringFrom = performance.now();
            baseline = counters.map((c) => ({ bytes: c.bytes, pictures: c.pictures }));
            process.send?.({ type: 'ready' } satisfies ToParent);
          }
          res.on('data', (chunk: Buffer) => {
            counter.bytes += chunk.length;
            if (!url.includes('.live.flv')) return;
            let o = 0;
            while (o < chunk.length) {
              if (skip > 0) {
                const n = Math.min(skip, chunk.length - o);
                skip -= n;
                o += n;
                continue;
              }
              const need = 11 - header.length;
              const take = chunk.subarray(o, o + need);
              header = Buffer.concat([header, take]);
              o += take.length;
              if (header.length === 11) {
                if (header[0] === 9) counter.pictures += 1;
                skip = header.readUIntBE(1, 3) + 4;
                header = Buffer.alloc(0);
              }
            }
          });
          res.on('close', () => (counter.ended = true));
        }).on('error', () => (counter.ended = true));
      }
    } else {
      const seconds = (performance.now() - measuringFrom) / 1000;
      const viewers = counters.map((c, i) => ({
        bytes: c.bytes - (baseline[i]?.bytes ?? 0),
        pictures: c.pictures - (baseline[i]?.pictures ?? 0),
        ended: c.ended,
      }));
      process.send?.({ type: 'report', viewers, seconds } satisfies ToParent, () => process.exit(0));
    }
  });
}

async function runBench(args: Args): Promise<void> {
  const media = await createLiveMedia();
  const streams = await Promise.all(
    Array.from({ length: args.viewers }, (_, i) =>
      media.startStream({ deviceKey: args.hd ? `bench-720-${i}` : `bench-${i}`, sipId: '', channelId: '' }),
    ),
  );
  const urls = streams.map((s) => s[args.format]);
  const child = fork(fileURLToPath(import.meta.url), ['--viewers-child'], { stdio: 'inherit' });
  const next = (type: ToParent['type']): Promise<ToParent> =>
    new Promise((resolve) => {
      const onMessage = (m: ToParent): void => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
    });

  child.send({ type: 'open', urls } satisfies ToChild);
  await next('ready');
  console.log(`[bench] ${args.viewers} ${args.format} viewers connected; warming up ${args.warmup} s`);
  await new Promise((r) => setTimeout(r, args.warmup * 1000));

  const statsBefore = media.stats();
  const cpuBefore = process.cpuUsage();
  const eluBefore = performance.eventLoopUtilization();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, args.seconds * 1000));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  const elu = performance.eventLoopUtilization(eluBefore);
  const statsAfter = media.stats();

  const reportPromise = next('report');
  child.send({ type: 'stop' } satisfies ToChild);
  const report = (await reportPromise) as Extract<ToParent, { type: 'report' }>;
  await media.close();

  const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
  const fps = report.viewers.map((v) => v.pictures / report.seconds);
  const totalBytes = report.viewers.reduce((n, v) => n + v.bytes, 0);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    viewers: args.viewers,
    format: args.format,
    clip: args.hd ? '1280x720' : '640x360',
    seconds: Math.round(wallMs) / 1000,
    cpuPercentOfOneCore: Math.round(cpuPercent * 100) / 100,
    cpuUserMs: Math.round(cpu.user / 1000),
    cpuSystemMs: Math.round(cpu.system / 1000),
    eventLoopUtilization: Math.round(elu.utilization * 1000) / 1000,
    tickersRunning: statsAfter.tickersRunning,
    framesEmitted: statsAfter.framesEmitted - statsBefore.framesEmitted,
    framesSent: statsAfter.framesSent - statsBefore.framesSent,
    framesSkipped: statsAfter.framesSkipped - statsBefore.framesSkipped,
    viewerMbitPerSecond: Math.round(((totalBytes * 8) / report.seconds / 1e6) * 100) / 100,
    viewerFps:
      args.format === 'flv'
        ? { min: Math.round(Math.min(...fps) * 10) / 10, max: Math.round(Math.max(...fps) * 10) / 10 }
        : 'counted for flv only',
    viewersEnded: report.viewers.filter((v) => v.ended).length,
    targetPercent: 10,
  };
  await mkdir('.bench', { recursive: true });
  await writeFile('.bench/media-server.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `[bench] media server: ${result.cpuPercentOfOneCore} % of one core for ${args.viewers} ${result.clip} ${args.format} viewers ` +
      `(target < ${result.targetPercent} %) -> .bench/media-server.json`,
  );
}

if (process.argv.includes('--viewers-child')) {
  runViewers();
} else {
  runBench(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  });
}
