import type { PictureRate, Player, PlayerStats } from '../players/player';
import type { EngineClock } from './clock';
import type { DegradedReason } from './decode-budget';
import { LivenessPolicy, secondsText, type LivenessReading, type LivenessSettings } from './liveness-policy';
import type { SupervisorSettings } from './supervisor-settings';
import { TileRate } from './tile-rate';
import type { TileSnapshot } from './tile-snapshot';

/** What a PictureWatch reads and changes of its tile. */
export interface PictureHost {
  snapshot(): TileSnapshot;
  /** Publish a change to the tile's subscribers. */
  setState(patch: Partial<TileSnapshot>): void;
  /** A newer frame: kept in the snapshot without notifying (frames move often). */
  sawFrame(at: number): void;
  log(line: string): void;
  settings(): SupervisorSettings;
}

/**
 * What a tile's picture does: its frames read from the player, the picture rate (full or overview),
 * when a missing picture is a stall, and how far behind live it is (LivenessPolicy).
 */
export class PictureWatch {
  private readonly rate = new TileRate();
  private readonly live: LivenessPolicy;
  private lastStats: PlayerStats | null = null;
  /** Frames are judged from here (a first frame, a change of rate, shown again). */
  private watchFrom = 0;

  constructor(
    private readonly host: PictureHost,
    private readonly clock: EngineClock,
    liveness: Partial<LivenessSettings> | undefined,
  ) {
    this.live = new LivenessPolicy(liveness);
  }

  configure(liveness: Partial<LivenessSettings>): void {
    this.live.configure(liveness);
  }

  /** The latest player figures; null before any player ran. */
  get stats(): PlayerStats | null {
    return this.lastStats;
  }

  get rateChangedAt(): number {
    return this.rate.changedAt;
  }

  get canChangeRate(): boolean | null {
    return this.rate.supported;
  }

  liveness(): LivenessReading {
    return this.live.reading();
  }

  /** Give the player a fresh stall window from `at`. */
  restartWatch(at: number): void {
    this.watchFrom = at;
  }

  /** The frame age the badge calls stale (see TileRate.staleAfter). */
  staleAfter(): number {
    return this.rate.staleAfter(this.clock.now(), this.host.settings(), this.lastStats);
  }

  /** No new picture since `lastFrameAt` (or the watch began) for longer than the rate allows. */
  stalled(now: number, lastFrameAt: number | null): boolean {
    const last = Math.max(lastFrameAt ?? 0, this.watchFrom);
    return now - last >= this.rate.stallTimeout(now, this.host.settings(), this.lastStats);
  }

  /** See TileSupervisor.setRate; `player` is the running one, if any. */
  setRate(rate: PictureRate, reason: DegradedReason | null, player: Player | null): void {
    const change = this.rate.set(rate, reason, this.clock.now());
    if (change === 'same') return;
    if (change === 'reason') {
      if (this.host.snapshot().rate === 'overview') this.host.setState({ degradedReason: this.rate.reason });
      return;
    }
    // Frames are judged afresh at the new rate.
    this.watchFrom = this.rate.changedAt;
    if (player) this.rate.apply(player, this.host.log);
    this.publishRate();
    this.host.log(
      rate === 'overview'
        ? `overview pictures (${this.rate.reason})${this.rate.supported === false ? ': this player cannot, it stays at full rate' : ''}`
        : 'full rate',
    );
  }

  /** A new player: figures afresh, at the budget's planned rate (or the rate set last). */
  newPlayer(player: Player, planned: { rate: PictureRate; reason: DegradedReason | null } | undefined): void {
    this.lastStats = null;
    this.live.newPlayer();
    this.rate.adopt(planned);
    this.rate.apply(player, this.host.log);
    this.publishRate();
    const snap = this.host.snapshot();
    if (snap.rate === 'overview') this.host.log(`starts with overview pictures (${snap.degradedReason})`);
  }

  /** Read the player's figures (the last ones if it has none, or no player runs). */
  read(player: Player | null): PlayerStats | null {
    if (!player) return this.lastStats;
    let stats: PlayerStats;
    try {
      stats = player.stats();
    } catch {
      return this.lastStats;
    }
    this.lastStats = stats;
    if (this.host.snapshot().rate === 'overview') this.publishRate();
    if (stats.lastFrameAt !== null && stats.lastFrameAt > (this.host.snapshot().lastFrameAt ?? -Infinity))
      this.host.sawFrame(stats.lastFrameAt);
    return stats;
  }

  /**
   * Whether the picture is behind live, and catching up when it stays behind (LivenessPolicy).
   * Returns 'reconnect' when the caller must replace the player to catch up.
   */
  watchLiveness(player: Player | null, stats: PlayerStats, now: number): 'reconnect' | null {
    const how = player ? this.live.step(player, stats.liveness, now, this.host.log) : null;
    const { behind, behindMs } = this.live.reading();
    const snap = this.host.snapshot();
    if (behind !== (snap.behind ?? false)) {
      this.host.setState({ behind });
      this.host.log(behind ? `${secondsText(behindMs)} behind live` : 'live again');
    }
    if (!how) return null;
    const done = how === 'jump' ? 'jumped to the newest picture' : 'reconnecting';
    this.host.log(`catching up with live (${secondsText(behindMs)} behind): ${done}`);
    this.host.setState({ catchUps: (this.host.snapshot().catchUps ?? 0) + 1, lastCatchUp: how });
    return how === 'reconnect' ? 'reconnect' : null;
  }

  /** The player went away: its liveness figures with it. */
  clear(): void {
    this.live.clear();
  }

  /** Start afresh: the catch-up history forgotten too. */
  reset(): void {
    this.live.reset();
  }

  /** Put the tile's rate in its snapshot (a player that cannot change rates shows full). */
  private publishRate(): void {
    const { rate, degradedReason, pictureIntervalMs } = this.rate.published(this.lastStats);
    const snap = this.host.snapshot();
    if (
      rate !== snap.rate ||
      degradedReason !== snap.degradedReason ||
      pictureIntervalMs !== snap.pictureIntervalMs
    )
      this.host.setState({ rate, degradedReason, pictureIntervalMs });
  }
}
