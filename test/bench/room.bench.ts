/**
 * Control-room benchmark (issue #31; not a timed test): `npm run bench:room [-- --help]`.
 *
 * Over a real broker (Mosquitto with its password and ACL files, or the hosted aedes broker):
 * 1. a console PC sends a screen of another PC (two browser shells on their own data folders, the
 *    screen's page in headless Chromium playing the demo platform's live media) views that alternate
 *    between two sets of devices; per send, from the console's `room:send` call to the screen core's
 *    announcement, to the first new picture, and to the screen's `reported`;
 * 2. many screens of one PC on the same broker, sent at once: send -> reported, and the broker's CPU.
 * Prints p50 / p95 / max and writes .bench/room-<broker>-<sends>s-<screens>x<rounds>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createLiveMedia } from '../../electron/demo-platform/media';
import { startDemoPlatform } from '../../electron/demo-platform/server';
import { launchChromium } from '../support/chromium';
import { ensureTestRenderer } from '../support/test-renderer';
import { parseRoomArgs, ROOM_BENCH_USAGE } from './lib/room-args';
import { startBenchBroker } from './lib/room-broker';
import { splitOf, summarize, summarizeSplits, type PictureSend } from './lib/room-figures';
import { runPicturePart, PICTURE_SCREEN } from './lib/room-picture-part';
import { startBenchPc } from './lib/room-pcs';
import { printRoomReport } from './lib/room-report';
import { runScreensPart, screenNames, SCREENS_PC, type ScreensResult } from './lib/room-screens-part';
import { machineTicks } from './lib/proc-stats';
import { RevisionWatch } from './lib/room-watch';
import { round } from './lib/stats';

const CONSOLE = 'console-1';
const TAP = 'bench-tap';

async function main(): Promise<void> {
  const args = parseRoomArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${ROOM_BENCH_USAGE}\n`);
    return;
  }
  const say = (line: string) => process.stderr.write(`[bench:room] ${line}\n`);
  const startedAt = new Date();
  const loadAtStart = loadavg().map((v) => round(v, 2));
  const rendererDir = await ensureTestRenderer(say);
  const broker = await startBenchBroker(args.broker, {
    users: [CONSOLE, PICTURE_SCREEN, SCREENS_PC, TAP],
    multiScreenPc: SCREENS_PC,
    screens: screenNames(args.screens),
  });
  const media = await createLiveMedia();
  const demo = await startDemoPlatform({ media, log: () => undefined });
  const browser = await launchChromium();
  const watch = new RevisionWatch();
  const closers: (() => Promise<unknown>)[] = [
    () => watch.close(),
    () => browser.close(),
    () => demo.close(),
    () => media.close(),
    () => broker.close(),
  ];
  try {
    const desk = await startBenchPc({ name: CONSOLE, broker, rendererDir });
    closers.unshift(() => desk.close());
    await watch.tapBroker(broker.url, broker.login(TAP));
    const { data, credentials } = demo;
    const devices = data.products
      .filter((p) => p.userKey === credentials.user.userKey)
      .flatMap((p) => data.devicesByProduct.get(p.productKey) ?? []);
    const names = new Map(devices.map((d) => [d.deviceKey, d.deviceName || d.deviceKey]));
    const common = {
      browser,
      broker,
      rendererDir,
      demo,
      console: desk,
      watch,
      deviceKeys: devices.map((d) => d.deviceKey),
      deviceName: (key: string) => names.get(key) ?? key,
      say,
    };

    let picture: { sends: PictureSend[]; machineBusyPct: number } | null = null;
    if (args.part !== 'screens') {
      say(`picture: ${args.sends} sends of ${args.tiles}-device views over ${args.broker}`);
      const before = machineTicks();
      const sends = await runPicturePart({ ...common, sends: args.sends, tiles: args.tiles });
      picture = { sends, machineBusyPct: busySince(before) };
    }
    let screens: ScreensResult | null = null;
    if (args.part !== 'picture') {
      say(`screens: ${args.screens} screens, ${args.rounds} rounds over ${args.broker}`);
      screens = await runScreensPart({ ...common, screens: args.screens, rounds: args.rounds });
    }

    const splits = picture?.sends.map(splitOf) ?? [];
    const screensSummary = screens && {
      delivered: summarize(
        screens.sends.map((s) => (s.deliveredAt === null ? null : s.deliveredAt - s.sentAt)),
      ),
      announced: summarize(
        screens.sends.map((s) => (s.announcedAt === null ? null : s.announcedAt - s.sentAt)),
      ),
      reported: summarize(screens.sends.map((s) => (s.reportedAt === null ? null : s.reportedAt - s.sentAt))),
    };
    const result = {
      bench: 'room',
      args,
      startedAt: startedAt.toISOString(),
      machine: {
        cores: cpus().length,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadavg().map((v) => round(v, 2)),
        shared: 'other engineers’ tests, linters and Chromium run on the same 2 cores',
      },
      picture: picture && {
        tilesPerView: args.tiles,
        machineBusyPct: picture.machineBusyPct,
        summaryMs: summarizeSplits(splits),
        sends: picture.sends.map((s, i) => ({ ...s, split: splits[i] })),
      },
      screens: screens && { ...screens, summaryMs: screensSummary },
    };
    const file = path.resolve(
      '.bench',
      `room-${args.broker}-${args.sends}s-${args.screens}x${args.rounds}${args.part === 'all' ? '' : `-${args.part}`}.json`,
    );
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    printRoomReport(result, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`\nwrote ${path.relative(process.cwd(), file)}\n`);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
}

/** The machine's busy share since `before`, in % of all its cores. */
function busySince(before: { busy: number; total: number }): number {
  const after = machineTicks();
  return round(((after.busy - before.busy) / Math.max(1, after.total - before.total)) * 100, 1) ?? 0;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `[bench:room] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
