import { describe, expect, it } from 'vitest';
import { PictureQueue } from '../../../../../src/lib/players/picture-queue';

/** A decoded picture that knows whether it was closed. */
class Picture {
  closed = false;
  constructor(readonly mediaMs: number) {}
  close(): void {
    this.closed = true;
  }
}

const OPTIONS = { delayMs: 100, windowMs: 5_000, maxPictures: 30 };

/** A queue fed 25 pictures a second, the n-th decoded at `arrive(n)`. */
function feed(queue: PictureQueue<Picture>, count: number, arrive: (n: number) => number): Picture[] {
  const pictures: Picture[] = [];
  for (let n = 0; n < count; n++) {
    const picture = new Picture(n * 40);
    pictures.push(picture);
    queue.add(picture, picture.mediaMs, arrive(n));
  }
  return pictures;
}

describe('PictureQueue', () => {
  it('shows each picture its delay after the soonest, at the stream pace, however it arrived', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    // A steady stream with up to 60 ms of jitter: every picture still comes out 40 ms after the last.
    const jitter = [0, 60, 10, 45, 0, 30, 5, 55];
    feed(queue, 8, (n) => 1_000 + n * 40 + jitter[n]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => queue.dueAt(n * 40))).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((n) => 1_100 + n * 40),
    );
    expect(queue.take(1_099)).toBeNull();
    expect(queue.take(1_100)?.mediaMs).toBe(0);
    expect(queue.take(1_141)?.mediaMs).toBe(40);
    expect(queue.skipped).toBe(0);
  });

  it('skips the pictures a burst brought late (a GOP cache at connect) and goes on from the newest due', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    // 50 pictures (2 s) at once, then live ones 40 ms apart: the burst is old, the live edge is not.
    const pictures = feed(queue, 50, () => 10_000);
    queue.add(new Picture(2_000), 2_000, 10_040);
    // Held at most 30: the 21 oldest went as the burst came; of the due ones the four newest are kept.
    expect(queue.take(10_099)?.mediaMs).toBe(1_800);
    // The connection's history, closed but not drops: nothing was late that had been on time.
    expect(queue.skipped).toBe(0);
    expect(pictures.slice(0, 45).every((p) => p.closed)).toBe(true);
    // From there one a beat, in order, none skipped.
    expect([10_100, 10_120, 10_140, 10_160].map((at) => queue.take(at)?.mediaMs)).toEqual([
      1_840, 1_880, 1_920, 1_960,
    ]);
    expect(queue.skipped).toBe(0);
    expect(queue.dueAt(2_000)).toBe(10_140);
  });

  it('shows two pictures due at one beat one a beat, skipping none (a beat out of phase with the stream)', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    feed(queue, 4, (n) => 1_000 + n * 40);
    // Due at 1100, 1140, 1180, 1220; beats at 1145, 1185, 1225, 1265 (one late by 5 ms each time).
    expect([1_145, 1_185, 1_225, 1_265].map((at) => queue.take(at)?.mediaMs)).toEqual([0, 40, 80, 120]);
    expect(queue.skipped).toBe(0);
  });

  it('counts as dropped what a page that fell behind skips once playing, not a catch-up', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    // Three seconds at the pace, one taken each beat.
    for (let n = 0; n < 75; n++) {
      queue.add(new Picture(n * 40), n * 40, 1_000 + n * 40);
      expect(queue.take(1_100 + n * 40)?.mediaMs).toBe(n * 40);
    }
    // The page held up for 240 ms: six pictures due at the next beat, the two oldest skipped.
    for (let n = 75; n < 81; n++) queue.add(new Picture(n * 40), n * 40, 1_000 + n * 40);
    expect(queue.take(1_100 + 80 * 40)?.mediaMs).toBe(77 * 40);
    expect(queue.skipped).toBe(2);
    // A catch-up (take now) leaves the rest without counting them.
    expect(queue.take(0, true)?.mediaMs).toBe(80 * 40);
    expect(queue.skipped).toBe(2);
  });

  it('lets the floor rise when delivery becomes slower for good, within two windows', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    // 20 s of pictures; after 5 s each comes 300 ms later than before, for good.
    for (let n = 0; n < 500; n++) {
      const at = n * 40 + (n >= 125 ? 300 : 0);
      queue.add(new Picture(n * 40), n * 40, at);
      queue.take(at, true);
    }
    expect(queue.dueAt(500 * 40)).toBe(500 * 40 + 300 + 100);
  });

  it('starts a new clock when the stream restarts its timestamps', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    for (let n = 0; n < 10; n++) queue.add(new Picture(0), 100_000 + n * 40, 5_000 + n * 40);
    queue.take(10_000, true);
    queue.add(new Picture(0), 0, 6_000);
    expect(queue.dueAt(0)).toBe(6_100);
  });

  it('holds at most its limit, closing the oldest, and closes everything when cleared', () => {
    const queue = new PictureQueue<Picture>({ ...OPTIONS, maxPictures: 3 });
    const pictures = feed(queue, 5, (n) => n);
    expect(pictures.map((p) => p.closed)).toEqual([true, true, false, false, false]);
    queue.clear();
    expect(pictures.every((p) => p.closed)).toBe(true);
    expect(queue.take(1_000_000, true)).toBeNull();
  });

  it('takes the newest held at once when asked (overview, catch-up)', () => {
    const queue = new PictureQueue<Picture>(OPTIONS);
    feed(queue, 3, (n) => 1_000 + n * 40);
    expect(queue.take(0, true)?.mediaMs).toBe(80);
    expect(queue.shownMediaMs).toBe(80);
    // The two older ones are closed unshown: a catch-up, not drops.
    expect(queue.take(1_000_000, true)).toBeNull();
    expect(queue.skipped).toBe(0);
  });
});
