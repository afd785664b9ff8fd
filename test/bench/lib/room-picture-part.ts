import type { Browser } from 'playwright-core';
import type { DemoPlatform } from '../../../electron/demo-platform/server';
import type { LayoutTile } from '../../../electron/shared/layout';
import type { RoomView } from '../../../electron/shared/room';
import { until } from '../../support/room-parts';
import { firstPicturesAfter, type PictureEvent, type PictureSend } from './room-figures';
import { installPictureProbe, readPictures } from './room-picture-probe';
import type { BenchBroker } from './room-broker';
import { openPcPage, pcContext, startBenchPc, type BenchPc } from './room-pcs';
import { epochNow, type RevisionWatch } from './room-watch';
import { sleep } from './stats';

/** The screen PC of the picture part: one screen, named after the PC (the default). */
export const PICTURE_SCREEN = 'bench-screen';
/** How long one send may take to show all its pictures before its figures count as missing. */
const SEND_TIMEOUT_MS = 30_000;
/** Between one send's last figure and the next send: the new view plays a moment, as after an operator's click. */
const PACE_MS = 500;

/** A view of `keys` on the smallest near-square grid, as a console sends it. */
export function viewOf(name: string, keys: readonly string[], names: (key: string) => string): RoomView {
  const columns = Math.ceil(Math.sqrt(keys.length));
  const rows = Math.ceil(keys.length / columns);
  const tiles: LayoutTile[] = keys.map((deviceKey, i) => ({
    deviceKey,
    deviceName: names(deviceKey),
    column: (i % columns) + 1,
    row: Math.floor(i / columns) + 1,
  }));
  return { name, grid: { columns, rows }, tiles };
}

/**
 * A console's sends to another PC's screen, alternating between two views with no device in common;
 * for each, when the console's answer came, when the screen's core announced it, each new device's
 * first picture on the screen, and the screen's report.
 */
export async function runPicturePart(options: {
  browser: Browser;
  broker: BenchBroker;
  rendererDir: string;
  demo: DemoPlatform;
  console: BenchPc;
  watch: RevisionWatch;
  deviceKeys: string[];
  deviceName: (key: string) => string;
  sends: number;
  tiles: number;
  say: (line: string) => void;
}): Promise<PictureSend[]> {
  const { console: desk, watch, say } = options;
  if (options.deviceKeys.length < 2 * options.tiles)
    throw new Error(`two views of ${options.tiles} devices need ${2 * options.tiles} devices`);
  const views = [
    viewOf('Bench A', options.deviceKeys.slice(0, options.tiles), options.deviceName),
    viewOf('Bench B', options.deviceKeys.slice(options.tiles, 2 * options.tiles), options.deviceName),
  ];
  const screenPc = await startBenchPc({
    name: PICTURE_SCREEN,
    broker: options.broker,
    rendererDir: options.rendererDir,
    demo: options.demo,
  });
  const context = await pcContext(options.browser);
  try {
    watch.followCore(screenPc.shell.core);
    const page = await openPcPage(context, screenPc);
    await installPictureProbe(page);
    await until(
      async () => {
        const s = (await desk.call('room:status')).screens.find((x) => x.name === PICTURE_SCREEN);
        return s?.presence?.state === 'online';
      },
      'the screen online on the console',
      60_000,
    );

    let read = 0;
    const events: PictureEvent[] = [];
    const sendOne = async (view: RoomView): Promise<PictureSend> => {
      const keys = view.tiles.map((t) => t.deviceKey);
      const sentAt = epochNow();
      const { rev } = await desk.call('room:send', { screen: PICTURE_SCREEN, command: { view } });
      const answeredAt = epochNow();
      const end = Date.now() + SEND_TIMEOUT_MS;
      let pictures: Record<string, number> = {};
      for (;;) {
        const fresh = await readPictures(page, read);
        read += fresh.length;
        events.push(...fresh);
        pictures = firstPicturesAfter(events, keys, sentAt);
        const done =
          Object.keys(pictures).length === keys.length && watch.reportedAt(PICTURE_SCREEN, rev) !== null;
        if (done) break;
        if (Date.now() > end) {
          // Say why, when the screen did say: a refusal, or what it shows instead.
          const s = (await desk.call('room:status')).screens.find((x) => x.name === PICTURE_SCREEN);
          say(`rev ${rev} timed out: the screen reports ${JSON.stringify(s?.reported ?? null)}`);
          break;
        }
        await sleep(50);
      }
      return {
        rev,
        keys,
        sentAt,
        answeredAt,
        deliveredAt: watch.deliveredAt(PICTURE_SCREEN, rev),
        announcedAt: watch.announcedAt(PICTURE_SCREEN, rev),
        reportedAt: watch.reportedAt(PICTURE_SCREEN, rev),
        pictures,
      };
    };

    // The first view only fills the wall: every counted send replaces a playing view.
    await sendOne(views[0]);
    const sends: PictureSend[] = [];
    for (let i = 0; i < options.sends; i += 1) {
      await sleep(PACE_MS);
      const send = await sendOne(views[(i + 1) % 2]);
      sends.push(send);
      const shown = Object.values(send.pictures);
      say(
        `send ${i + 1}/${options.sends} rev ${send.rev}: announced ${fmt(send.announcedAt, send.sentAt)}, first picture ${fmt(shown.length ? Math.min(...shown) : null, send.sentAt)}, reported ${fmt(send.reportedAt, send.sentAt)}`,
      );
    }
    return sends;
  } finally {
    await context.close().catch(() => undefined);
    await screenPc.close();
  }
}

const fmt = (at: number | null, since: number) => (at === null ? '—' : `${Math.round(at - since)} ms`);
