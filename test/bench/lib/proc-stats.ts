import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime. */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcEntry {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

function readProc(pid: number): ProcEntry | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces: split after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // fields[0] is state (field 3): ppid is field 4, utime 14, stime 15.
    return { pid, ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * Every live process of the tree under `root` whose command name matches: its descendants, and root
 * itself when it matches too (root is this Node process, or a Chromium browser process the caller
 * started).
 */
function processTree(root: number, match: RegExp = /chrom/i): ProcEntry[] {
  const all: ProcEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProc(Number(name));
    if (entry) all.push(entry);
  }
  const children = new Map<number, ProcEntry[]>();
  for (const e of all) children.set(e.ppid, [...(children.get(e.ppid) ?? []), e]);
  const found: ProcEntry[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child.pid);
    }
  };
  const self = all.find((e) => e.pid === root);
  if (self) found.push(self);
  walk(root);
  return found.filter((e) => match.test(e.comm));
}

/** CPU ticks per process, to diff over a window. */
export function cpuTicks(root: number): Map<number, number> {
  return new Map(processTree(root).map((e) => [e.pid, e.ticks]));
}

/** Core-seconds spent between two `cpuTicks` readings (processes born in between count from 0). */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / CLOCK_TICKS;
}

/** Summed proportional set size of the processes, in bytes (smaps_rollup). */
export function pssBytes(root: number): { bytes: number; processes: number } {
  let kb = 0;
  let processes = 0;
  for (const e of processTree(root)) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${e.pid}/smaps_rollup`, 'utf8'));
      if (m) {
        kb += Number(m[1]);
        processes += 1;
      }
    } catch {
      // Gone between listing and reading.
    }
  }
  return { bytes: kb * 1024, processes };
}

/** The whole machine's busy and total jiffies (/proc/stat), to tell how loaded it was. */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const v = line.split(/\s+/).slice(1).map(Number);
  const idle = v[3] + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A Chromium process's role, from its command line (`--type=renderer`, …); the browser has none. */
function processRole(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/); // zygote children rewrite it with spaces
    const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
    const sub = args
      .find((a) => a.startsWith('--utility-sub-type='))
      ?.split('.')
      .pop();
    return type ? (sub ? `${type}:${sub}` : type) : 'browser';
  } catch {
    return '?';
  }
}

/**
 * CPU ticks per "role/thread name" over every thread of the Chromium processes (threads of one name
 * summed: Chromium names its pools alike), to diff over a window and see where the time goes.
 */
export function threadTicks(root: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const proc of processTree(root)) {
    const role = processRole(proc.pid);
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${proc.pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const text = readFileSync(`/proc/${proc.pid}/task/${tid}/stat`, 'utf8');
        const close = text.lastIndexOf(')');
        const name = text.slice(text.indexOf('(') + 1, close).replace(/\d+$/, '');
        const fields = text.slice(close + 2).split(' ');
        const key = `${role}/${name}`;
        out.set(key, (out.get(key) ?? 0) + Number(fields[11]) + Number(fields[12]));
      } catch {
        // Thread gone.
      }
    }
  }
  return out;
}

/** The busiest threads between two `threadTicks` readings, in % of one core over `seconds`. */
export function topThreads(
  before: Map<string, number>,
  after: Map<string, number>,
  seconds: number,
  count = 10,
): { thread: string; pctOfOneCore: number }[] {
  return [...after]
    .map(([thread, t]) => ({
      thread,
      pctOfOneCore: Number((((t - (before.get(thread) ?? 0)) / CLOCK_TICKS / seconds) * 100).toFixed(1)),
    }))
    .sort((a, b) => b.pctOfOneCore - a.pctOfOneCore)
    .slice(0, count);
}

/** Where a thread's time goes, by what the thread does. */
export type CostGroup = 'decode' | 'compositing' | 'page' | 'network' | 'other';

/**
 * The group of a `role/thread` name from `threadTicks`:
 * - decode: the renderer's media threads (the software decoder, demuxing, the media pipeline; WebRTC's
 *   decode queue)
 * - compositing: the GPU process (its display compositor draws every layer in software without a
 *   GPU), the renderer's compositor and its video frame compositor (YUV → RGB of each shown frame)
 * - page: the renderer's main thread (JavaScript: transmuxing, the app; MSE appends, layout, paint)
 * - network: I/O threads and the network service, and WebRTC's worker and network threads
 */
export function costGroup(thread: string): CostGroup {
  const [role, name = ''] = thread.split('/');
  if (role === 'gpu-process') return 'compositing';
  if (/IOT|NetworkService|Network/.test(name) || role.includes('NetworkService')) return 'network';
  if (role === 'renderer') {
    if (/^Media|^AudioOutput|^FFmpeg/.test(name)) return 'decode';
    // WebRTC's decode queue runs on a thread-pool thread of its own priority ("ThreadPoolPresentation…"):
    // absent from MSE walls, ≈ the decode floor × tiles on a WebRTC wall.
    if (/^ThreadPoolPrese/.test(name)) return 'decode';
    if (/^VideoFrameCompo|^Compositor|^CompositorTileW/.test(name)) return 'compositing';
    // WebRTC's worker and network threads: RTP receive, SRTP, the jitter buffer.
    if (/^WebRTC_/.test(name)) return 'network';
    if (name === 'chromium' || name === 'CrRendererMain' || name === 'chrome') return 'page';
  }
  return 'other';
}

/** `threadTicks` differences summed by `costGroup`, in % of one core over `seconds`. */
export function costBreakdown(
  before: Map<string, number>,
  after: Map<string, number>,
  seconds: number,
): Record<CostGroup, number> {
  const out: Record<CostGroup, number> = { decode: 0, compositing: 0, page: 0, network: 0, other: 0 };
  for (const [thread, t] of after) {
    const pct = ((t - (before.get(thread) ?? 0)) / CLOCK_TICKS / seconds) * 100;
    if (pct > 0) out[costGroup(thread)] += pct;
  }
  for (const key of Object.keys(out) as CostGroup[]) out[key] = Number(out[key].toFixed(1));
  return out;
}
