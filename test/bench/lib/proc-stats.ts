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

/** Every live descendant of `root` (not root itself) whose command name matches. */
export function descendants(root: number, match: RegExp = /chrom/i): ProcEntry[] {
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
  walk(root);
  return found.filter((e) => match.test(e.comm));
}

/** CPU ticks per process, to diff over a window. */
export function cpuTicks(root: number): Map<number, number> {
  return new Map(descendants(root).map((e) => [e.pid, e.ticks]));
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
  for (const e of descendants(root)) {
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
