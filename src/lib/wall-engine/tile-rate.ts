import type { PictureRate, Player, PlayerStats } from '../players/player';
import type { DegradedReason } from './decode-budget';
import type { SupervisorSettings } from './supervisor-settings';

/** What a tile's snapshot says of its picture rate. */
export interface PublishedRate {
  rate: PictureRate;
  degradedReason: DegradedReason | null;
  pictureIntervalMs: number | null;
}

/**
 * One tile's picture rate: every picture or overview pictures (keyframes only), why, since when, and
 * whether its player can change rates at all. It also says how long the tile may go without a new
 * picture before it is stale or stalled, since overview shows one picture per keyframe interval.
 */
export class TileRate {
  private wanted: PictureRate = 'full';
  private why: DegradedReason | null = null;
  private changedAtValue = -Infinity;
  /** Whether the current (or last) player could change its rate; null before any player. */
  private supportedValue: boolean | null = null;

  get rate(): PictureRate {
    return this.wanted;
  }

  get reason(): DegradedReason | null {
    return this.why;
  }

  /** When the rate last changed (clock ms; -Infinity if never). */
  get changedAt(): number {
    return this.changedAtValue;
  }

  get supported(): boolean | null {
    return this.supportedValue;
  }

  /**
   * Ask for a rate. 'same': nothing changed; 'reason': only the reason of overview changed;
   * 'changed': the rate itself changed (at `now`).
   */
  set(rate: PictureRate, reason: DegradedReason | null, now: number): 'same' | 'reason' | 'changed' {
    const why = rate === 'overview' ? (reason ?? 'pinned') : null;
    if (rate === this.wanted && why === this.why) return 'same';
    const changed = rate !== this.wanted;
    this.wanted = rate;
    this.why = why;
    if (!changed) return 'reason';
    this.changedAtValue = now;
    return 'changed';
  }

  /** The budget's plan for a new player: taken without counting as a change of rate. */
  adopt(planned: { rate: PictureRate; reason: DegradedReason | null } | undefined): void {
    if (!planned || (planned.rate === this.wanted && planned.reason === this.why)) return;
    this.wanted = planned.rate;
    this.why = planned.rate === 'overview' ? planned.reason : null;
  }

  /** Ask a player for the tile's rate; remembers whether it can change rates at all. */
  apply(player: Player, log: (line: string) => void): boolean {
    try {
      this.supportedValue = player.setRate?.(this.wanted) ?? false;
    } catch (error) {
      log(`changing the rate failed: ${error instanceof Error ? error.message : String(error)}`);
      this.supportedValue = false;
    }
    return this.supportedValue;
  }

  /** The rate pictures come at now: the player's own word where it has one. */
  effective(stats: PlayerStats | null): PictureRate {
    return stats?.rate ?? (this.supportedValue ? this.wanted : 'full');
  }

  /** What the snapshot shows (a player that cannot change rates shows full). */
  published(stats: PlayerStats | null): PublishedRate {
    const rate: PictureRate =
      this.wanted === 'overview' && this.supportedValue !== false ? 'overview' : 'full';
    const degradedReason = rate === 'overview' ? this.why : null;
    const interval = stats?.keyframeIntervalMs ?? null;
    // To a tenth of a second: a camera's keyframes a few ms apart from one GOP to the next are one interval.
    const pictureIntervalMs =
      rate === 'overview' && interval !== null ? Math.round(interval / 100) * 100 : null;
    return { rate, degradedReason, pictureIntervalMs };
  }

  /**
   * No new picture for this long is a stall: `stallTimeoutMs` at full rate; in overview (a picture
   * per keyframe) and while a change of rate settles (back to full waits for the next keyframe), two
   * keyframe intervals and 2 s, at least `overviewStallTimeoutMs`. A tile whose keyframes stop
   * coming is still found stalled.
   */
  stallTimeout(now: number, settings: SupervisorSettings, stats: PlayerStats | null): number {
    if (this.settled(now, settings, stats)) return settings.stallTimeoutMs;
    return this.overviewTimeout(settings, stats);
  }

  /**
   * The frame age the badge calls stale: `staleAfterMs`, and in overview (or while a change of rate
   * settles) one keyframe interval more, since a picture every interval is what overview shows.
   */
  staleAfter(now: number, settings: SupervisorSettings, stats: PlayerStats | null): number {
    if (this.settled(now, settings, stats)) return settings.staleAfterMs;
    const gop = stats?.keyframeIntervalMs ?? 2_000;
    return settings.staleAfterMs + gop;
  }

  /** At full rate, and long enough since the last change for it to have taken effect. */
  private settled(now: number, settings: SupervisorSettings, stats: PlayerStats | null): boolean {
    return (
      this.effective(stats) === 'full' && now - this.changedAtValue >= this.overviewTimeout(settings, stats)
    );
  }

  private overviewTimeout(settings: SupervisorSettings, stats: PlayerStats | null): number {
    const gop = stats?.keyframeIntervalMs ?? null;
    return Math.max(settings.overviewStallTimeoutMs, gop === null ? 0 : 2 * gop + 2_000);
  }
}
