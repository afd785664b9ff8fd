import type { PlayerStats } from '../players/player';
import { BacklogMeter } from './backlog-meter';
import type { FrameLoad } from './load-monitor';
import type { TileRecord } from './tile-record';
import type { TileFigure } from './wall-engine-types';

/** Frames of a tile are left out of the load for this long after its first frame or a rate change. */
const SETTLE_MS = 3_000;

/**
 * The wall's frame load, read once a second: what the settled full-rate tiles decoded, dropped and
 * presented since the last reading (for the load monitor), how far behind live they are, and each
 * playing tile's figures for the status bar (kept on its record).
 */
export class FrameLoadReader {
  private readonly backlog = new BacklogMeter();
  private lastTickAt: number | null = null;

  /** The wall has no tiles left: the next reading starts afresh. */
  reset(): void {
    this.lastTickAt = null;
  }

  /** What the full-rate tiles decoded, dropped and presented since the last reading. */
  read(records: Iterable<TileRecord>, now: number): FrameLoad {
    const load: FrameLoad = {
      decoded: 0,
      dropped: 0,
      presented: 0,
      expected: null,
      presentedOfExpected: 0,
      callbackLatenessMs: null,
      tiles: 0,
    };
    const lateness: number[] = [];
    const behind: { id: string; behindMs: number | null }[] = [];
    for (const record of records) {
      const supervisor = record.supervisor;
      const snap = supervisor.snapshot();
      const stats = snap.state === 'playing' ? supervisor.stats() : null;
      if (!stats) {
        record.frames = null;
        record.figure = null;
        continue;
      }
      if (typeof stats.callbackLatenessMs === 'number') lateness.push(stats.callbackLatenessMs);
      const last = record.frames;
      record.frames = { decoded: stats.decodedFrames, dropped: stats.droppedFrames };
      record.figure = this.figureOf(record, stats, last, now);
      // A new player starts its counters from zero: count from there at the next reading.
      if (!last || stats.decodedFrames < last.decoded || stats.droppedFrames < last.dropped) continue;
      const settled =
        (stats.rate ?? 'full') === 'full' &&
        (snap.rate ?? 'full') === 'full' &&
        snap.firstFrameAt !== null &&
        now - snap.firstFrameAt >= SETTLE_MS &&
        now - supervisor.rateChangedAt >= SETTLE_MS;
      if (!settled) continue;
      behind.push({ id: record.id, behindMs: stats.liveness?.behindMs ?? null });
      const decoded = stats.decodedFrames - last.decoded;
      const dropped = stats.droppedFrames - last.dropped;
      load.decoded += decoded;
      load.dropped += dropped;
      load.presented += decoded - dropped;
      load.tiles += 1;
      if (stats.streamFps && this.lastTickAt !== null) {
        const seconds = (now - this.lastTickAt) / 1000;
        const playbackRate = record.video.playbackRate > 0 ? record.video.playbackRate : 1;
        load.expected = (load.expected ?? 0) + stats.streamFps * playbackRate * seconds;
        load.presentedOfExpected += decoded - dropped;
      }
    }
    this.lastTickAt = now;
    load.backlog = this.backlog.sample(behind, now);
    if (lateness.length > 0) {
      lateness.sort((a, b) => a - b);
      load.callbackLatenessMs = lateness[Math.floor(lateness.length / 2)];
    }
    return load;
  }

  private figureOf(
    record: TileRecord,
    stats: PlayerStats,
    last: TileRecord['frames'],
    now: number,
  ): TileFigure {
    const seconds = this.lastTickAt === null ? 0 : (now - this.lastTickAt) / 1000;
    const counted = last !== null && stats.decodedFrames >= last.decoded && seconds > 0;
    const decodedFps = counted ? (stats.decodedFrames - last.decoded) / seconds : (stats.fps ?? 0);
    return {
      tileId: record.id,
      label: record.label,
      rate: stats.rate ?? record.supervisor.snapshot().rate ?? 'full',
      width: stats.width,
      height: stats.height,
      decodedFps: Math.round(decodedFps * 10) / 10,
      fullFps: stats.streamFps ?? stats.fps ?? null,
      bitrateKbps: stats.bitrateKbps,
      webcodecs: stats.library === 'webcodecs',
    };
  }
}
