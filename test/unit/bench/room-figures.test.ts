import { describe, expect, it } from 'vitest';
import { parseRoomArgs } from '../../bench/lib/room-args';
import {
  cpuPercent,
  firstPicturesAfter,
  splitOf,
  summarize,
  summarizeSplits,
  type PictureSend,
} from '../../bench/lib/room-figures';

describe('firstPicturesAfter', () => {
  it('takes each wanted device’s earliest picture at or after the send, ignoring older ones and other devices', () => {
    const events = [
      { key: 'a', at: 90 }, // before the send: the previous time device a was shown
      { key: 'b', at: 130 },
      { key: 'a', at: 120 },
      { key: 'c', at: 101 }, // not in this view
      { key: 'a', at: 110 },
      { key: 'b', at: 100 },
    ];
    expect(firstPicturesAfter(events, ['a', 'b', 'd'], 100)).toEqual({ a: 110, b: 100 });
  });
});

describe('splitOf', () => {
  const send: PictureSend = {
    rev: 7,
    keys: ['a', 'b'],
    sentAt: 1000,
    answeredAt: 1004,
    deliveredAt: 1006,
    announcedAt: 1030,
    reportedAt: 1250,
    pictures: { a: 1200, b: 1150 },
  };

  it('measures each step from the send; the first picture is the earliest new device, all is the last', () => {
    expect(splitOf(send)).toEqual({
      answered: 4,
      delivered: 6,
      announced: 30,
      firstPicture: 150,
      allPictures: 200,
      announcedToPicture: 120,
      reported: 250,
    });
  });

  it('leaves a step that never came as null, and “all pictures” unless every device showed', () => {
    const split = splitOf({ ...send, announcedAt: null, reportedAt: null, pictures: { b: 1150 } });
    expect(split).toMatchObject({ announced: null, firstPicture: 150, allPictures: null, reported: null });
    expect(split.announcedToPicture).toBeNull();
    expect(splitOf({ ...send, pictures: {} })).toMatchObject({ firstPicture: null, allPictures: null });
  });
});

describe('summarize', () => {
  it('gives p50, p95 and max of what came and counts what did not', () => {
    const values = [...Array.from({ length: 20 }, (_, i) => (i + 1) * 10), null, null];
    expect(summarize(values)).toEqual({ count: 20, missing: 2, p50: 105, p95: 190.5, max: 200 });
  });

  it('says null when nothing came', () => {
    expect(summarize([null])).toEqual({ count: 0, missing: 1, p50: null, p95: null, max: null });
  });

  it('summarizes every step of the splits', () => {
    const s = summarizeSplits([
      {
        answered: 1,
        delivered: 1,
        announced: 2,
        firstPicture: 3,
        allPictures: 4,
        announcedToPicture: 1,
        reported: 5,
      },
      {
        answered: 3,
        delivered: 3,
        announced: 4,
        firstPicture: 5,
        allPictures: null,
        announcedToPicture: 1,
        reported: 7,
      },
    ]);
    expect(s.firstPicture).toMatchObject({ count: 2, p50: 4, max: 5 });
    expect(s.allPictures).toMatchObject({ count: 1, missing: 1, max: 4 });
  });
});

describe('cpuPercent', () => {
  it('is the ticks spent over the window in % of one core', () => {
    expect(cpuPercent(1000, 1050, 100, 10_000)).toBe(5);
    expect(cpuPercent(0, 0, 100, 0)).toBe(0);
  });
});

describe('parseRoomArgs', () => {
  it('defaults to 50 sends over Mosquitto and 8 screens', () => {
    expect(parseRoomArgs([])).toMatchObject({
      broker: 'mosquitto',
      sends: 50,
      screens: 8,
      part: 'all',
      help: false,
    });
  });

  it('reads the switches and refuses wrong values', () => {
    expect(
      parseRoomArgs(['--broker', 'hosted', '--sends', '5', '--part', 'picture', '--help']),
    ).toMatchObject({
      broker: 'hosted',
      sends: 5,
      part: 'picture',
      help: true,
    });
    expect(() => parseRoomArgs(['--broker', 'emqx'])).toThrow('--broker mosquitto|hosted');
    expect(() => parseRoomArgs(['--sends', '0'])).toThrow('--sends takes 1..');
    expect(() => parseRoomArgs(['--tiles', '2.5'])).toThrow('--tiles takes 1..9');
  });
});
