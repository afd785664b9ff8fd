import type { Browser, BrowserContext } from 'playwright-core';
import type { DemoPlatform } from '../../../electron/demo-platform/server';
import { until } from '../../support/room-parts';
import { cpuPercent } from './room-figures';
import { processTicks, type BenchBroker } from './room-broker';
import { openPcPage, pcContext, startBenchPc, type BenchPc } from './room-pcs';
import { viewOf } from './room-picture-part';
import { CLOCK_TICKS, machineTicks } from './proc-stats';
import { epochNow, type RevisionWatch } from './room-watch';
import { round } from './stats';

/** The PC whose screens the many-screens part drives (one login, its screens listed in the ACL). */
export const SCREENS_PC = 'bench-wall';
export const screenNames = (n: number): string[] => Array.from({ length: n }, (_, i) => `wall-${i + 1}`);
const ROUND_TIMEOUT_MS = 60_000;

interface ScreenSend {
  screen: string;
  round: number;
  rev: number;
  sentAt: number;
  deliveredAt: number | null;
  announcedAt: number | null;
  reportedAt: number | null;
}

export interface ScreensResult {
  sends: ScreenSend[];
  windowMs: number;
  /** The broker process over the rounds, % of one core (null: it runs in this process). */
  brokerCpuPct: number | null;
  /** This Node process (every PC's core and shell, the demo platform; the hosted broker too). */
  nodeCpuPct: number;
  machineBusyPct: number;
}

/**
 * Many screens on one broker: one PC with `screens` screens (one page each, `?screen=`), each sent a
 * one-device view in every round (all screens at once), each send timed to the screen's `reported`
 * with the new revision. The picture is not waited for here (the picture part measures it).
 */
export async function runScreensPart(options: {
  browser: Browser;
  broker: BenchBroker;
  rendererDir: string;
  demo: DemoPlatform;
  console: BenchPc;
  watch: RevisionWatch;
  deviceKeys: string[];
  deviceName: (key: string) => string;
  screens: number;
  rounds: number;
  say: (line: string) => void;
}): Promise<ScreensResult> {
  const { console: desk, watch, say, deviceKeys } = options;
  const names = screenNames(options.screens);
  const pc = await startBenchPc({
    name: SCREENS_PC,
    broker: options.broker,
    rendererDir: options.rendererDir,
    demo: options.demo,
    screens: names,
  });
  // A context per screen window: Chromium keeps at most 6 connections to one origin per context, and
  // each window holds one open for the core's events.
  const contexts: BrowserContext[] = [];
  try {
    watch.followCore(pc.shell.core);
    for (const name of names) {
      const context = await pcContext(options.browser, { width: 960, height: 540 });
      contexts.push(context);
      await openPcPage(context, pc, `/?screen=${name}`);
    }
    await until(
      async () => {
        const status = await desk.call('room:status');
        return names.every((n) => status.screens.find((s) => s.name === n)?.presence?.state === 'online');
      },
      `all ${names.length} screens online on the console`,
      60_000,
    );

    // Screen i alternates between two devices of its own (shared when the demo has too few).
    const deviceOf = (screen: number, round: number) =>
      deviceKeys[(2 * screen + (round % 2)) % deviceKeys.length];
    const sendRound = async (round: number): Promise<ScreenSend[]> =>
      Promise.all(
        names.map(async (screen, i) => {
          const view = viewOf(`Bench ${round % 2 ? 'B' : 'A'}`, [deviceOf(i, round)], options.deviceName);
          const sentAt = epochNow();
          const { rev } = await desk.call('room:send', { screen, command: { view } });
          const reportedAt = await watch.untilReported(screen, rev, ROUND_TIMEOUT_MS);
          const deliveredAt = watch.deliveredAt(screen, rev);
          return {
            screen,
            round,
            rev,
            sentAt,
            deliveredAt,
            announcedAt: watch.announcedAt(screen, rev),
            reportedAt,
          };
        }),
      );

    // A first round fills every screen; then the measured rounds.
    await sendRound(0);
    const brokerPid = options.broker.pid();
    const brokerBefore = brokerPid === null ? null : processTicks(brokerPid);
    const nodeBefore = process.cpuUsage();
    const machineBefore = machineTicks();
    const startedAt = epochNow();
    const sends: ScreenSend[] = [];
    for (let r = 1; r <= options.rounds; r += 1) {
      const got = await sendRound(r);
      sends.push(...got);
      const late = got.map((s) => (s.reportedAt === null ? null : s.reportedAt - s.sentAt));
      say(
        `round ${r}/${options.rounds}: send -> reported ${late.map((v) => (v === null ? '—' : Math.round(v))).join(' ')} ms`,
      );
    }
    const windowMs = epochNow() - startedAt;
    const brokerAfter = brokerPid === null ? null : processTicks(brokerPid);
    const node = process.cpuUsage(nodeBefore);
    const machineAfter = machineTicks();
    return {
      sends,
      windowMs: Math.round(windowMs),
      brokerCpuPct:
        brokerBefore === null || brokerAfter === null
          ? null
          : cpuPercent(brokerBefore, brokerAfter, CLOCK_TICKS, windowMs),
      nodeCpuPct: round(((node.user + node.system) / 1000 / windowMs) * 100, 1) ?? 0,
      machineBusyPct:
        round(
          ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) *
            100,
          1,
        ) ?? 0,
    };
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await pc.close();
  }
}
