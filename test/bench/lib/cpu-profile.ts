import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BarePage } from './bare-page';
import { sleep } from './stats';

/**
 * `--profile S`: a CPU profile of the page's main thread (DevTools' Profiler, sampled every 1 ms) over
 * S seconds after the measured window, in the wall and in the plain page alike, so the two can be set
 * side by side by function. Taken outside the window: the profiler's own cost never reaches the
 * figures. Writes the .cpuprofile (open it in DevTools' Performance panel) and prints the functions
 * with the most self time. The renderer's bundle is minified, but methods keep their names
 * (`decide`, `_parseChunks`, `appendBuffer` …), which is enough to tell whose code it is.
 */
export function parseProfileArgs(argv: string[]): number {
  const i = argv.indexOf('--profile');
  if (i < 0) return 0;
  const seconds = Number(argv[i + 1]);
  if (!(seconds > 0)) throw new Error('--profile S (seconds of CPU profile after the window)');
  return seconds;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  seconds: number;
  /** Main-thread time spent running anything (not idle), % of the profile's span. */
  busyPct: number;
  /** Self time by function, ms per second of profile, highest first. */
  top: { fn: string; msPerSecond: number }[];
}

export async function profilePage(page: BarePage, seconds: number, file: string): Promise<ProfileSummary> {
  await page.send('Profiler.enable');
  await page.send('Profiler.setSamplingInterval', { interval: 1000 });
  await page.send('Profiler.start');
  await sleep(seconds * 1000);
  const { profile } = await page.send<{ profile: Profile }>('Profiler.stop');
  await page.send('Profiler.disable');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  return summarize(profile);
}

function summarize(profile: Profile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before sample i: sample i's duration is the next delta.
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const span = (profile.endTime - profile.startTime) / 1e6;
  const byFn = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      if (frame.functionName === '(idle)') idle += us;
    }
    const file = frame.url ? frame.url.split('/').pop() : '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    seconds: Number(span.toFixed(1)),
    busyPct: Number((((total - idle) / Math.max(1, total)) * 100).toFixed(1)),
    top: [...byFn]
      .filter(([fn]) => !fn.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([fn, us]) => ({ fn, msPerSecond: Number((us / 1000 / span).toFixed(2)) })),
  };
}

export function printProfile(name: string, summary: ProfileSummary, file: string): void {
  console.log(
    `\nCPU profile of the ${name}'s main thread (${summary.seconds} s, busy ${summary.busyPct} %; ${file}), self time, ms per s:`,
  );
  for (const { fn, msPerSecond } of summary.top) console.log(`  ${String(msPerSecond).padStart(7)}  ${fn}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * A trace (devtools.timeline, frames, cc, viz) of `seconds`: per thread, the event names that took the
 * most time (ms per second; nested events count in their parents too), the DOM changes and the
 * animations of the page over the same time. Where the renderer's main thread and the compositors
 * spend beyond JavaScript: style, layout, paint, commits, media element events.
 */
export async function tracePage(page: BarePage, seconds: number, file: string): Promise<string[]> {
  const events: TraceEvent[] = [];
  let done: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => (done = resolve));
  page.onEvent((method, params) => {
    if (method === 'Tracing.dataCollected') events.push(...(params as { value: TraceEvent[] }).value);
    if (method === 'Tracing.tracingComplete') done();
  });
  await page.evaluate(`(() => {
    window.__mutations = new Map();
    window.__mutationObserver = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const key = r.type + ' ' + (el?.closest('[data-testid]')?.getAttribute('data-testid') ?? el?.tagName) + (r.attributeName ? ' @' + r.attributeName : '');
        window.__mutations.set(key, (window.__mutations.get(key) ?? 0) + 1);
      }
    });
    window.__mutationObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    window.__mediaEvents = {};
    for (const type of ['timeupdate', 'ratechange', 'progress', 'waiting', 'playing', 'seeking'])
      document.addEventListener(type, () => { window.__mediaEvents[type] = (window.__mediaEvents[type] ?? 0) + 1; }, true);
  })()`);
  await page.send('Tracing.start', {
    // BENCH_TRACE_CATEGORIES adds categories (e.g. disabled-by-default-devtools.timeline.invalidationTracking,
    // to see what makes the page paint again).
    categories: ['devtools.timeline,disabled-by-default-devtools.timeline.frame,viz,cc,media']
      .concat(process.env.BENCH_TRACE_CATEGORIES ? [process.env.BENCH_TRACE_CATEGORIES] : [])
      .join(','),
    transferMode: 'ReportEvents',
  });
  await sleep(seconds * 1000);
  await page.send('Tracing.end');
  await complete;
  const mutations = await page.evaluate<[string, number][]>(
    `(() => { window.__mutationObserver.disconnect(); return [...window.__mutations].sort((a, b) => b[1] - a[1]).slice(0, 15); })()`,
  );
  const animations = await page.evaluate<string[]>(
    `document.getAnimations().map((a) => (a.animationName ?? a.constructor.name) + ' on ' + (a.effect?.target?.className ?? ''))`,
  );
  const mediaEvents = await page.evaluate<Record<string, number>>(`window.__mediaEvents`);
  const waits = await page.evaluate<unknown[]>(`(window.__waits ?? []).slice(-12)`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}/${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const thread = threadNames.get(`${e.pid}/${e.tid}`) ?? `${e.tid}`;
    const name = e.name === 'EventDispatch' ? `EventDispatch:${e.args?.data?.type}` : e.name;
    const names = byThread.get(thread) ?? new Map<string, number>();
    names.set(name, (names.get(name) ?? 0) + e.dur);
    byThread.set(thread, names);
  }
  const lines: string[] = [];
  for (const [thread, names] of byThread) {
    if (!/CrRendererMain|Compositor|VizCompositor|Media|VideoFrame/.test(thread)) continue;
    const top = [...names]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([n, us]) => `${n} ${(us / 1000 / seconds).toFixed(1)}`);
    lines.push(`  ${thread}: ${top.join(', ')}`);
  }
  lines.push(
    `  DOM changes in ${seconds} s: ${mutations.map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}`,
  );
  lines.push(`  animations: ${animations.length ? animations.join(', ') : 'none'}`);
  if (waits.length) lines.push(`  waits: ${JSON.stringify(waits)}`);
  lines.push(
    `  media events a second: ${Object.entries(mediaEvents)
      .map(([type, n]) => `${type} ${(n / seconds).toFixed(1)}`)
      .join(', ')}`,
  );
  return lines;
}
