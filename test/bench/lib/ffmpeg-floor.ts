import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * ffmpeg's single-thread decode cost of each clip: CPU seconds per second of video (at `fps`), the
 * floor the wall's cost is compared with. Null where ffmpeg is not on PATH.
 */
export function ffmpegFloor(
  mediaDir: string,
  files: string[],
  fps: number,
): { perClip: Record<string, number>; mean: number } | null {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const perClip: Record<string, number> = {};
  for (const file of files) {
    // Three passes, the cheapest kept: the machine is shared and the floor should be the floor.
    let best = Infinity;
    for (let pass = 0; pass < 3; pass++) {
      const run = spawnSync(
        'ffmpeg',
        [
          '-hide_banner',
          '-nostdin',
          '-benchmark',
          '-threads',
          '1',
          '-i',
          path.join(mediaDir, file),
          '-f',
          'null',
          '-',
        ],
        { encoding: 'utf8' },
      );
      const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(run.stderr);
      const frames = [...run.stderr.matchAll(/frame=\s*(\d+)/g)].pop();
      if (!bench || !frames) continue;
      const cpu = Number(bench[1]) + Number(bench[2]);
      best = Math.min(best, cpu / (Number(frames[1]) / fps));
    }
    if (Number.isFinite(best)) perClip[file] = best;
  }
  const values = Object.values(perClip);
  return values.length ? { perClip, mean: values.reduce((a, b) => a + b, 0) / values.length } : null;
}
