/**
 * The wall's backlog over one reading: how far behind the camera its full-rate tiles' pictures are,
 * and how fast that grows. A wall that cannot keep up reads its sockets and decodes late: its
 * pictures fall behind before (and sometimes without) dropping frames, so the load counts it.
 */
export interface BacklogLoad {
  /** Tiles with two readings of `behindMs`. */
  tiles: number;
  /** The median tile's growth of `behindMs` (ms per second; a tile catching up counts 0). */
  growthMsPerS: number;
  /**
   * The median tile's `behindMs` beyond the least it showed since it was first read (its transport's
   * own delay: an HLS tile plays segments behind by design, which is no load).
   */
  medianBehindMs: number;
}

/**
 * Reads each tile's `behindMs` once a reading and keeps the last, so that growth is per tile: a tile
 * that reconnected (or caught up) starts again from its new figure. Medians, not sums: one camera on
 * a slow link is that camera's trouble (its tile catches up, and says so), not the wall's load.
 */
export class BacklogMeter {
  private last = new Map<string, { at: number; behindMs: number; floorMs: number }>();

  /** One reading: each full-rate, settled tile's `behindMs` (null: not measured). */
  sample(tiles: readonly { id: string; behindMs: number | null }[], now: number): BacklogLoad | null {
    const next = new Map<string, { at: number; behindMs: number; floorMs: number }>();
    const growth: number[] = [];
    const behind: number[] = [];
    for (const tile of tiles) {
      if (tile.behindMs === null || !Number.isFinite(tile.behindMs)) continue;
      const before = this.last.get(tile.id);
      const floorMs = Math.min(before?.floorMs ?? tile.behindMs, tile.behindMs);
      next.set(tile.id, { at: now, behindMs: tile.behindMs, floorMs });
      if (!before || now <= before.at) continue;
      behind.push(tile.behindMs - floorMs);
      growth.push(Math.max(0, ((tile.behindMs - before.behindMs) * 1000) / (now - before.at)));
    }
    this.last = next;
    if (growth.length === 0) return null;
    return { tiles: growth.length, growthMsPerS: median(growth), medianBehindMs: median(behind) };
  }

  clear(): void {
    this.last.clear();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
