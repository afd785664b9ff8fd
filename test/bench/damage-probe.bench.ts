/**
 * Why software compositing costs what it does on a wall: Chromium's display compositor redraws one
 * damage rectangle per frame, the bounding box of everything that changed. Two playing tiles at
 * opposite corners of a 6 × 6 wall make it redraw (almost) the whole screen; two side by side, a strip.
 *
 *   npm run bench:damage-probe [-- --seconds 10 --rounds 2]
 *
 * Prints the CPU of the display compositor's thread (gpu-process/VizCompositorThread) and the
 * renderer's video frame compositor for: one tile, two adjacent tiles, two tiles at opposite corners.
 * With 36 tiles whose frames land on different vsyncs, nearly every vsync (60 Hz) is a full-screen
 * redraw. (Steering the tiles' frames into step measured little: 27 → 23 % of a core for the display
 * compositor, see the README.) The wall runs in a bare page, as in bench:wall. No test asserts these
 * figures.
 */
import { parseArgs } from 'node:util';
import { launchBarePage, type BarePage } from './lib/bare-page';
import { openWallSession } from './lib/wall-session';
import { threadTicks, topThreads } from './lib/proc-stats';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(seconds > 0) || !Number.isInteger(rounds) || rounds < 1) throw new Error('--seconds > 0, --rounds ≥ 1');

const wall = await openWallSession({ viewport: { width: 1920, height: 1080 } });
let page: BarePage | null = null;
try {
  await wall.settings({ transportOrder: ['ws-flv'], statsOverlay: false });
  await wall.page.goto('about:blank');
  page = await launchBarePage({ viewport: { width: 1920, height: 1080 } });
  const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
  const [a, b] = wall.deviceKeys;
  const cases = {
    'one tile': [{ deviceKey: a, column: 1, row: 1 }],
    'two adjacent': [
      { deviceKey: a, column: 1, row: 1 },
      { deviceKey: b, column: 2, row: 1 },
    ],
    'two at corners': [
      { deviceKey: a, column: 1, row: 1 },
      { deviceKey: b, column: 6, row: 6 },
    ],
  };
  for (let round = 1; round <= rounds; round += 1) {
    for (const [name, tiles] of Object.entries(cases)) {
      await wall.showLayoutIn(
        page,
        `damage-${round}-${tiles.length}-${tiles.at(-1)!.column}`,
        { columns: 6, rows: 6 },
        tiles,
      );
      await page.evaluate(`document.querySelector('[data-testid="toggle-catalog"]').click()`);
      await pause(4);
      const before = threadTicks(page.pid);
      await pause(seconds);
      const busiest = topThreads(before, threadTicks(page.pid), seconds, 50);
      const pct = (thread: string) => busiest.find((t) => t.thread === thread)?.pctOfOneCore ?? 0;
      console.log(
        `round ${round} · ${name.padEnd(14)} display compositor ${pct('gpu-process/VizCompositorTh')} % · ` +
          `video frame compositor ${pct('renderer/VideoFrameCompo')} % of one core`,
      );
    }
  }
} finally {
  await page?.close();
  await wall.close();
}
process.exit(0);
