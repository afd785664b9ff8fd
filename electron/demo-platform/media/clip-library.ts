import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NAL, groupAccessUnits, nalType, parseSps, splitAnnexB } from './h264-parser';
import { mdatBox } from './fmp4-muxer';

/** One picture of a clip, pre-muxed once so that live muxing only patches timestamps. */
export interface ClipFrame {
  key: boolean;
  /** The picture's slices, each with a 4-byte big-endian length: FLV and MP4 sample data. */
  avcc: Buffer;
  /** AUD, then SPS and PPS before a keyframe, then the slices, with start codes: the MPEG-TS payload. */
  annexB: Buffer;
  /** An mdat box holding the picture as one sample. */
  mdat: Buffer;
}

/** A fixture clip, parsed at start-up, that loops on a keyframe. */
export interface Clip {
  index: number;
  file: string;
  label: string;
  /** The 1280×720 load-test clip. */
  hd: boolean;
  width: number;
  height: number;
  fps: number;
  codec: string;
  sps: Buffer;
  pps: Buffer;
  frames: ClipFrame[];
  /** Frame positions where a GOP starts (keyframes), ascending, starting at 0. */
  gopStarts: number[];
  /** For each frame position, the position of the keyframe at or before it. */
  keyAtOrBefore: Int32Array;
}

const ManifestSchema = z.object({
  fps: z.number().int().positive(),
  clips: z
    .array(z.object({ file: z.string().min(1), label: z.string().min(1), hd: z.boolean().optional() }))
    .min(1),
});

const AUD = Buffer.from([0, 0, 0, 1, NAL.aud, 0xf0]);
const START_CODE = Buffer.from([0, 0, 0, 1]);

/** Where the committed fixtures are: the working tree in development, the app's resources when packaged. */
export function defaultMediaDir(): string {
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath;
  const candidates = [
    process.env.DEMO_MEDIA_DIR,
    path.resolve('resources/demo-media'),
    fileURLToPath(new URL('../../../resources/demo-media', import.meta.url)),
    resourcesPath ? path.join(resourcesPath, 'demo-media') : undefined,
  ];
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, 'clips.json')));
  if (!found)
    throw new Error('[media] demo media fixtures not found (set DEMO_MEDIA_DIR to resources/demo-media)');
  return found;
}

/** Read clips.json and parse every clip into access units. */
export async function loadClips(dir: string = defaultMediaDir()): Promise<Clip[]> {
  const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(dir, 'clips.json'), 'utf8')));
  return Promise.all(
    manifest.clips.map(async (entry, index) =>
      parseClip(await readFile(path.join(dir, entry.file)), {
        index,
        file: entry.file,
        label: entry.label,
        hd: entry.hd ?? false,
        fps: manifest.fps,
      }),
    ),
  );
}

/** Parse one raw H.264 clip. It must start with a keyframe so that it can loop. */
function parseClip(
  data: Uint8Array,
  meta: { index: number; file: string; label: string; hd: boolean; fps: number },
): Clip {
  const units = groupAccessUnits(splitAnnexB(data));
  const all = units.flatMap((u) => u.nals);
  const sps = all.find((n) => nalType(n) === NAL.sps);
  const pps = all.find((n) => nalType(n) === NAL.pps);
  if (!sps || !pps) throw new Error(`[media] ${meta.file}: no SPS/PPS`);
  if (units.length === 0 || !units[0].key)
    throw new Error(`[media] ${meta.file}: does not start with a keyframe`);
  const info = parseSps(sps);
  const spsPps = [START_CODE, sps, START_CODE, pps];

  const frames = units.map((unit): ClipFrame => {
    // Parameter sets travel out of band (FLV sequence header, avcC); MPEG-TS repeats them per keyframe.
    const slices = unit.nals.filter((n) => nalType(n) >= NAL.slice && nalType(n) <= NAL.idr);
    const avcc = Buffer.concat(slices.flatMap((n) => [uint32(n.length), n]));
    const annexB = Buffer.concat([
      AUD,
      ...(unit.key ? spsPps : []),
      ...slices.flatMap((n) => [START_CODE, n]),
    ]);
    return { key: unit.key, avcc, annexB, mdat: mdatBox(avcc) };
  });

  const gopStarts: number[] = [];
  const keyAtOrBefore = new Int32Array(frames.length);
  frames.forEach((frame, i) => {
    if (frame.key) gopStarts.push(i);
    keyAtOrBefore[i] = gopStarts[gopStarts.length - 1];
  });

  return {
    ...meta,
    width: info.width,
    height: info.height,
    codec: info.codec,
    sps,
    pps,
    frames,
    gopStarts,
    keyAtOrBefore,
  };
}

function uint32(value: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(value);
  return b;
}
