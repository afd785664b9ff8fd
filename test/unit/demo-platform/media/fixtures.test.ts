import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clipForDevice,
  defaultMediaDir,
  groupAccessUnits,
  loadClips,
  parseSps,
  splitAnnexB,
} from '../../../../electron/demo-platform/media';

const dir = defaultMediaDir();
const clips = await loadClips(dir);

describe('demo media fixtures', () => {
  it('has at least four distinct 640×360 clips and one 1280×720 clip', () => {
    const sd = clips.filter((c) => !c.hd);
    const hd = clips.filter((c) => c.hd);
    expect(sd.length).toBeGreaterThanOrEqual(4);
    expect(hd.length).toBeGreaterThanOrEqual(1);
    for (const c of sd) expect([c.width, c.height]).toEqual([640, 360]);
    for (const c of hd) expect([c.width, c.height]).toEqual([1280, 720]);
    // Visually distinct: no two clips share their first picture.
    const firsts = new Set(clips.map((c) => c.frames[0].avcc.toString('base64')));
    expect(firsts.size).toBe(clips.length);
  });

  it('is 25 fps H.264 baseline with a 2 s GOP, looping on a keyframe', () => {
    for (const c of clips) {
      expect(c.fps).toBe(25);
      expect(c.codec).toMatch(/^avc1\.42/); // baseline: no B-frames to reorder
      expect(c.frames.length % 50).toBe(0);
      expect(c.frames.length / 25).toBeGreaterThanOrEqual(8);
      expect(c.gopStarts).toEqual(Array.from({ length: c.frames.length / 50 }, (_, i) => i * 50));
    }
  });

  it('keeps each 360p clip at about 1 MB or less', () => {
    for (const c of clips.filter((clip) => !clip.hd))
      expect(statSync(path.join(dir, c.file)).size).toBeLessThanOrEqual(1_050_000);
  });
});

describe('H.264 parsing', () => {
  it('reads the picture size and codec string from an SPS', () => {
    // 640×360 baseline SPS: 40×23 macroblocks, cropped by 8 lines at the bottom.
    expect(parseSps(clips[0].sps)).toMatchObject({ profileIdc: 66, width: 640, height: 360 });
    expect(parseSps(clips.find((c) => c.hd)!.sps)).toMatchObject({ width: 1280, height: 720 });
  });

  it('groups access units by first_mb_in_slice when there are no delimiters', () => {
    const sps = Buffer.from([0x67, 0x42]);
    const pps = Buffer.from([0x68, 0xce]);
    const idr = Buffer.from([0x65, 0x88, 0x01]);
    const p1a = Buffer.from([0x41, 0x9a, 0x02]); // first_mb_in_slice 0
    const p1b = Buffer.from([0x41, 0x40, 0x03]); // a second slice of the same picture
    const p2 = Buffer.from([0x41, 0x9a, 0x04]);
    const stream = Buffer.concat(
      [sps, pps, idr, p1a, p1b, p2].flatMap((n) => [Buffer.from([0, 0, 0, 1]), n]),
    );
    const units = groupAccessUnits(splitAnnexB(stream));
    expect(units.map((u) => u.nals.length)).toEqual([3, 2, 1]);
    expect(units.map((u) => u.key)).toEqual([true, false, false]);
  });
});

describe('clip for a device', () => {
  it('is deterministic, spreads devices over the 360p clips, and gives "720" devices the HD clip', () => {
    expect(clipForDevice('device-1', clips)).toBe(clipForDevice('device-1', clips));
    const used = new Set(Array.from({ length: 64 }, (_, i) => clipForDevice(`device-${i}`, clips).index));
    expect(used.size).toBe(clips.filter((c) => !c.hd).length);
    expect([...used].every((i) => !clips[i].hd)).toBe(true);
    expect(clipForDevice('cam-720-lobby', clips).hd).toBe(true);
  });
});
