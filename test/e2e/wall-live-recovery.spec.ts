import { describe, expect, it } from 'vitest';
import { SCREENS, keys, media, page, useLiveWall, wall, wallPage } from './pages/live-wall';
import { framesAdvance, record, seen, showWall, stateOf, until } from './pages/live-wall-steps';

/**
 * The wall recovers, in Chromium through the browser shell against the demo platform's live media
 * with faults injected: a dropped stream, a stall, an offline device and its growing backoff, the
 * network coming back, a camera reconfigured to another size, and the toolbar's Retry now. The media
 * speak a real ZLMediaKit's habits (camera audio beside the picture, its WS-FLV framing, its 401
 * refusals): the wall heals against what control rooms run. The demo's plain media (video only, its
 * own refusals) play in every other wall spec.
 */
useLiveWall({ zlm: true });

describe('the wall in Chromium with live media', () => {
  it('a dropped stream is back within 3 s', async () => {
    const device = keys[22];
    await showWall('drop', [device, keys[23]], 2, 1);
    await framesAdvance(device, 10);
    await record(device);
    const droppedAt = Date.now();
    media.faults.set(device, { type: 'drop', afterSeconds: 0 });
    await until(device, ['reconnecting', 'stalled', 'starting', 'failed'], 5_000);
    media.faults.clear(device); // a one-off cut, as a network blip
    const backAt = await until(device, ['playing'], 5_000);
    await framesAdvance(device, 25);
    console.info(`[e2e] drop → playing again after ${backAt - droppedAt} ms`);
    expect(backAt - droppedAt).toBeLessThanOrEqual(3_000);
    expect((await seen()).map((s) => s.state)).toContain('reconnecting');
    // The neighbour never noticed.
    expect(await stateOf(keys[23])).toBe('playing');
  });

  it('a stalled stream is detected and recovered', async () => {
    const device = keys[24];
    await showWall('stall', [device], 1, 1);
    await framesAdvance(device, 10);
    await record(device);
    const stalledAt = Date.now();
    media.faults.set(device, { type: 'stall', seconds: 60 });
    const noticedAt = await until(device, ['stalled'], 10_000);
    media.faults.clear(device);
    await until(device, ['playing'], 10_000);
    await framesAdvance(device, 25);
    const history = await seen();
    const states = history.map((s) => s.state).filter((state, i, all) => state !== all[i - 1]);
    // The tile shows `stalled` (for monitoring) and says why while its player is replaced.
    expect(states[states.indexOf('stalled') - 1]).toBe('playing');
    expect(history.some((s) => s.state === 'stalled' && s.title === 'Video stopped')).toBe(true);
    expect(states[states.length - 1]).toBe('playing');
    console.info(`[e2e] stall noticed after ${noticedAt - stalledAt} ms; states ${states.join(' → ')}`);
    expect(noticedAt - stalledAt).toBeGreaterThanOrEqual(2_000);
    expect(noticedAt - stalledAt).toBeLessThan(8_000);
  });

  it('an offline device shows its reason, retries with growing delays, and plays once back', async () => {
    const device = keys[25];
    media.faults.set(device, { type: 'offline' });
    await showWall('offline', [device, keys[26]], 2, 1);
    await until(device, ['failed']);
    await record(device);
    const tile = wallPage.tile(device);
    await expect.poll(() => tile.problemTitle.textContent()).toBe('Device offline');
    expect(await tile.detail.textContent()).toMatch(/offline/i);
    // Since when, for an operator coming back to the wall.
    await expect.poll(() => tile.down.textContent()).toMatch(/^Down since \d\d:\d\d · \d+ s$/);
    // Wait for the fifth try: the backoff doubles from 0.5 s.
    await page.waitForFunction(
      (sel) => /attempt ([5-9]|\d\d)/.test(document.querySelector(sel)?.textContent ?? ''),
      tile.countdownSelector,
      { timeout: 30_000, polling: 100 },
    );
    await expect.poll(() => tile.countdown.textContent()).toMatch(/Retrying in \d+ s/);
    // The toolbar counts the wall's tiles by state.
    const health = wallPage.health;
    await expect.poll(() => wallPage.healthCount('failed')).toBe('1');
    await expect.poll(() => wallPage.healthCount('playing')).toBe('1');
    expect(await health.getAttribute('data-problems')).toBe('1');
    expect(await health.textContent()).toMatch(/1 live.*1 failed/);
    await tile.root.screenshot({ path: `${SCREENS}/wall-tile-failed.png` });
    await page.screenshot({ path: `${SCREENS}/wall-failed-tile-in-wall.png` });

    // The first countdown shown for each attempt: the waits grow.
    const firstWait = new Map<number, number>();
    for (const s of await seen()) {
      const m = /Retrying in (\d+) s(?: · attempt (\d+))?/.exec(s.countdown ?? '');
      if (m) {
        const attempt = Number(m[2] ?? 1);
        if (!firstWait.has(attempt)) firstWait.set(attempt, Number(m[1]));
      }
    }
    const waits = [...firstWait.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
    console.info(`[e2e] offline: retry waits shown ${waits.join(', ')} s`);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
    expect(waits[waits.length - 1]).toBeGreaterThan(waits[0]);

    // Back online: "Retry now" skips the rest of the wait.
    media.faults.clear(device);
    await tile.retry.click();
    await until(device, ['playing'], 5_000);
    await framesAdvance(device);
    expect(await stateOf(keys[26])).toBe('playing');
  });

  it('when the network comes back, a tile waiting out its backoff plays again at once', async () => {
    await wall.settings({ transportOrder: ['ws-flv'] });
    const [device, other] = [keys[35], keys[36]];
    await showWall('network-back', [device, other], 2, 1);
    await Promise.all([framesAdvance(device), framesAdvance(other)]);
    // From now on the device's streams are cut as soon as they open: the link to it is down.
    media.faults.set(device, { type: 'drop', afterSeconds: 0 });
    await until(device, ['failed'], 30_000);
    const tile = wallPage.tile(device);
    await expect.poll(() => tile.problemTitle.textContent()).toBe('Network problem');
    // Let the backoff grow until the next try is at least 4 s away.
    const countdown = tile.countdownSelector;
    const waitSeconds = await page
      .waitForFunction(
        (sel) => {
          const m = /Retrying in (\d+) s/.exec(document.querySelector(sel)?.textContent ?? '');
          return m && Number(m[1]) >= 4 ? Number(m[1]) : null;
        },
        countdown,
        { timeout: 60_000, polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);

    // The link is back, and the computer says so (the page's `online` event).
    media.faults.clear(device);
    const backAt = Date.now();
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await until(device, ['playing'], 10_000);
    const took = Date.now() - backAt;
    console.info(`[e2e] network back: playing after ${took} ms; the backoff had ${waitSeconds} s to go`);
    expect(took).toBeLessThan((waitSeconds - 1.5) * 1000);
    await framesAdvance(device);
    expect(await stateOf(other)).toBe('playing');
  });

  it('a camera reconfigured to another picture size plays on at its new size, and heals at once if the switch fails', async () => {
    await wall.settings({ transportOrder: ['ws-flv'] });
    const device = keys[37];
    expect(device).toBeDefined();
    await showWall('reconfigured', [device], 1, 1);
    await framesAdvance(device);
    const video = wallPage.tile(device).video;
    const width = () => video.evaluate((v: HTMLVideoElement) => v.videoWidth);
    expect(await width()).toBe(640);
    await record(device);

    // The camera switches to 1280 × 720 on the same connection, then back.
    media.faults.set(device, { type: 'reconfigure' });
    await expect.poll(width, { timeout: 8_000 }).toBe(1280);
    await framesAdvance(device);
    media.faults.clear(device);
    await expect.poll(width, { timeout: 8_000 }).toBe(640);
    await framesAdvance(device);

    // Usually the same player plays straight through. Now and then Chromium fails the switch with a
    // decode error; the tile must then replace its player at once, not wait or give up.
    const log = await seen();
    const outages: number[] = [];
    log.forEach((entry, i) => {
      if (entry.state === 'playing' || log[i - 1]?.state !== 'playing') return;
      const back = log.slice(i).find((e) => e.state === 'playing');
      outages.push(back ? back.at - entry.at : Infinity);
    });
    console.info(
      `[e2e] reconfigured 640 → 1280 → 640: ${outages.length} player replacement(s)` +
        `${outages.length ? ` (${outages.join(', ')} ms; ${log.find((e) => e.title)?.title})` : ''}`,
    );
    expect(log.map((e) => e.state).filter((s) => s !== 'playing' && s !== 'reconnecting')).toEqual([]);
    expect(outages.length).toBeLessThanOrEqual(2);
    for (const ms of outages) expect(ms).toBeLessThan(3_000);
    expect(log.at(-1)?.state).toBe('playing');
  });

  it('a damaged keyframe is decoded past on the same connection; keyframes damaged in a row hand the tile to mpegts.js', async () => {
    await wall.settings({ transportOrder: ['ws-flv'], statsOverlay: true });
    const [once, twice] = [keys[41], keys[42]];
    expect(twice).toBeDefined();
    const transport = (key: string) =>
      page.locator(`${wallPage.tile(key).selector} [data-stat="transport"] dd`).textContent();
    const recoveries = () =>
      wall.session.consoleMessages.filter((line) => line.includes('[webcodecs] EncodingError')).length;

    // One damaged keyframe (as a GB28181 server passes on a picture whose UDP packets it lost): the
    // WebCodecs decoder fails on it, a new one takes over at the next keyframe; no reconnect.
    await showWall('damaged-once', [once], 1, 1);
    await framesAdvance(once);
    await expect.poll(() => transport(once)).toBe('ws-flv · webcodecs');
    await record(once);
    const before = recoveries();
    media.faults.set(once, { type: 'damage', keyframes: ['zeroed'] });
    await expect.poll(recoveries, { timeout: 10_000 }).toBe(before + 1);
    await framesAdvance(once, 25);
    expect((await seen()).map((s) => s.state)).toEqual(['playing']);
    expect(await transport(once)).toBe('ws-flv · webcodecs');
    media.faults.clear(once);

    // Two in a row: the new decoder fails before its first picture too. The tile plays the same WS-FLV
    // through mpegts.js (a new connection, served clean).
    await showWall('damaged-twice', [twice], 1, 1);
    await framesAdvance(twice);
    await expect.poll(() => transport(twice)).toBe('ws-flv · webcodecs');
    media.faults.set(twice, { type: 'damage', keyframes: ['zeroed', 'zeroed'] });
    await expect.poll(() => transport(twice), { timeout: 15_000 }).toBe('ws-flv · mpegts.js');
    await until(twice, ['playing'], 10_000);
    await framesAdvance(twice, 25);
    media.faults.clear(twice);

    // A decoder started afresh (after the damaged one) offered a "keyframe" that holds no IDR picture:
    // Chromium refuses it (decode() throws); the camera's keyframes are like that, so mpegts.js at once.
    const noIdr = keys[43];
    expect(noIdr).toBeDefined();
    const refusals = () =>
      wall.session.consoleMessages.filter((line) =>
        /WebCodecs could not decode the stream \(MediaError: MediaFormatError \(DataError: .*A key frame is required/.test(
          line,
        ),
      ).length;
    await showWall('keyframes-without-idr', [noIdr], 1, 1);
    await framesAdvance(noIdr);
    await expect.poll(() => transport(noIdr)).toBe('ws-flv · webcodecs');
    media.faults.set(noIdr, { type: 'damage', keyframes: ['zeroed', 'not-idr'] });
    await expect.poll(() => transport(noIdr), { timeout: 20_000 }).toBe('ws-flv · mpegts.js');
    expect(refusals()).toBe(1);
    await until(noIdr, ['playing'], 10_000);
    await framesAdvance(noIdr, 25);
    media.faults.clear(noIdr);
    expect(wall.session.pageErrors).toEqual([]);
  });

  it("the toolbar's Retry now brings back every failed tile at once, without waiting out its delay", async () => {
    const [a, b, fine] = [keys[38], keys[39], keys[40]];
    expect(fine).toBeDefined();
    media.faults.set(a, { type: 'offline' });
    media.faults.set(b, { type: 'offline' });
    await showWall('retry-all', [a, b, fine], 3, 1);
    await framesAdvance(fine);
    // Both failed, and each still has at least 3 s to wait.
    const waitsLongEnough = (sel: string) =>
      page.waitForFunction(
        (s) => Number(/Retrying in (\d+) s/.exec(document.querySelector(s)?.textContent ?? '')?.[1]) >= 3,
        sel,
        { timeout: 30_000, polling: 50 },
      );
    await waitsLongEnough(wallPage.tile(a).countdownSelector);
    await waitsLongEnough(wallPage.tile(b).countdownSelector);
    const retryAll = wallPage.retryAll;
    await expect
      .poll(() => retryAll.getAttribute('aria-label'))
      .toBe('Retry all 2 tiles waiting to reconnect, now');
    await wallPage.toolbar.screenshot({ path: `${SCREENS}/wall-toolbar-retry-all.png` });

    // The devices are back; the operator does not wait for the tiles' own next try.
    media.faults.clear();
    const clickedAt = Date.now();
    await retryAll.click();
    await Promise.all([until(a, ['playing'], 10_000), until(b, ['playing'], 10_000)]);
    const took = Date.now() - clickedAt;
    console.info(`[e2e] retry all: 2 failed tiles playing ${took} ms after the click`);
    expect(took).toBeLessThan(2_500);
    await Promise.all([framesAdvance(a), framesAdvance(b)]);
    await expect.poll(() => retryAll.count()).toBe(0);
  });
});
