import type { Transport } from '../../../electron/shared/settings';
import { TransportSchema } from '../../../electron/shared/settings';

/** What `npm run bench:wall -- --help` prints. */
export const WALL_BENCH_USAGE = `Wall benchmark: a wall of N live tiles in headless Chromium, measured from outside the app.

  npm run bench:wall -- --tiles 16 --transport ws-flv|flv|hls|ts|fmp4|webrtc --res 360p|720p --seconds 30
                         [--warmup S]    (seconds of play before the window; default 5)
                         [--churn S]     (cut every tile's stream every S seconds: re-creation churn)
                         [--peer]        (then the same streams in a plain page of raw mpegts.js players)
                         [--remove-to N] (then take the wall down to N tiles: back at full rate when?)
                         [--zlm [--audio silent|mixed]] (the demo serves as a real ZLMediaKit)
                         [--profile S]   (after the window: S s of CPU profile of the page's main thread,
                                         then a trace; the same in the plain page; lib/cpu-profile.ts)
                         [--css RULES] [--js CODE] (experiments: a style sheet or a script added to
                                         the wall page before the tiles start)
  npm run bench:wall -- --tour [--pages 4] [--tiles 16] [--dwell 10] [--seconds 300]

Writes .bench/wall-<tiles>-<transport>-<res>-<seconds>s[-zlm][-peer].json, .svg and .png.`;

export interface WallBenchArgs {
  tiles: number;
  transport: Transport;
  res: '360p' | '720p';
  seconds: number;
  warmup: number;
  /** Every this many seconds, cut every tile's stream (0: never): memory across player re-creations. */
  churn: number;
}

/** The wall run's own switches (the peer, removal and ZLMediaKit ones are read by their own modules). */
export function parseWallArgs(argv: string[]): WallBenchArgs {
  const value = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const transport = TransportSchema.safeParse(value('transport', 'ws-flv'));
  if (!transport.success) throw new Error(`--transport ${TransportSchema.options.join('|')}`);
  const res = value('res', '360p');
  if (res !== '360p' && res !== '720p') throw new Error('--res 360p|720p');
  const tiles = Number(value('tiles', '9'));
  if (!Number.isInteger(tiles) || tiles < 1 || tiles > 64) throw new Error('--tiles 1..64');
  return {
    tiles,
    transport: transport.data,
    res,
    seconds: Number(value('seconds', '30')),
    warmup: Number(value('warmup', '5')),
    churn: Number(value('churn', '0')),
  };
}
