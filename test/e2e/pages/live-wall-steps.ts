import { page, wall, wallPage } from './live-wall';

/**
 * The steps the live wall specs take on a `useLiveWall()` session: show a wall of devices, wait for a
 * tile's frames or states, and record a tile's transitions as the page saw them.
 */

/** One transition of a tile as the page saw it. */
interface Seen {
  at: number;
  state: string;
  countdown: string | null;
  /** The headline of the tile's problem overlay (the reason), if shown. */
  title: string | null;
}

/** Show a wall of these devices, columns × rows, row by row. */
export async function showWall(id: string, devices: string[], columns: number, rows: number) {
  await wall.showLayout(
    id,
    { columns, rows },
    devices.map((deviceKey, i) => ({
      deviceKey,
      column: (i % columns) + 1,
      row: Math.floor(i / columns) + 1,
    })),
  );
}

export const framesAdvance = (deviceKey: string, frames = 20, timeoutMs = 20_000) =>
  wallPage.tile(deviceKey).framesAdvance(frames, timeoutMs);
export const stateOf = (deviceKey: string) => wallPage.tile(deviceKey).state();
export const until = (deviceKey: string, states: string[], timeout = 20_000) =>
  wallPage.tile(deviceKey).until(states, timeout);

/** Record every state and countdown change of a tile from now on (read with `seen`). */
export async function record(deviceKey: string) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    const log: { at: number; state: string; countdown: string | null; title: string | null }[] = [];
    const read = () => {
      const entry = {
        at: Date.now(),
        state: el.dataset.state ?? '',
        countdown: el.querySelector('[data-testid="wall-tile-countdown"]')?.textContent ?? null,
        title: el.querySelector('.wall-tile-problem-title')?.textContent ?? null,
      };
      const last = log[log.length - 1];
      if (
        !last ||
        last.state !== entry.state ||
        last.countdown !== entry.countdown ||
        last.title !== entry.title
      )
        log.push(entry);
    };
    read();
    new MutationObserver(read).observe(el, {
      attributes: true,
      childList: true,
      subtree: true,
      characterData: true,
    });
    (window as unknown as Record<string, unknown>).__seen = log;
  }, wallPage.tile(deviceKey).selector);
}
export const seen = () => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
