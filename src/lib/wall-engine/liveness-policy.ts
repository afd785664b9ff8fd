import type { Player, PlayerLiveness } from '../players/player';

/**
 * How live a tile's picture is, and when it catches up: the margins (see LivenessPolicy).
 *
 * Why these numbers: a healthy WS-FLV tile runs 0.3–0.5 s behind the camera on mpegts.js (0.14–0.2 s
 * decoded with WebCodecs, the default) and a WebRTC one 0.06–0.1 s (issue #27, against a real
 * ZLMediaKit); `behindMs` leaves out the stream's own start-up delay, so a healthy tile reads near 0.
 * The wall promises that no picture older than 2.5 s is shown as live: 2 s over the start-up delay is
 * that promise with room for the delay itself.
 */
export interface LivenessSettings {
  /** Over this (ms behind), the tile is "behind live": the badge, the status bar, no "Live". */
  behindMarginMs: number;
  /** A tile behind live is live again only under this (hysteresis: the badge does not flicker). */
  liveAgainBelowMs: number;
  /**
   * Fallen behind (past the margin beyond the player's own least delay) this long without a break
   * before it catches up: a single late burst is not a backlog.
   */
  catchUpAfterMs: number;
  /** After a catch-up, the next one waits at least this long (the new picture needs time to show). */
  catchUpCooldownMs: number;
  /**
   * A reconnect to catch up that did not hold (behind again within `holdMs`) makes the next wait
   * twice as long, up to this: a camera whose network cannot carry its stream is not reconnected
   * every few seconds.
   */
  maxCooldownMs: number;
  /** Live this long after a catch-up: it held, and the wait starts again from `catchUpCooldownMs`. */
  holdMs: number;
}

export const DEFAULT_LIVENESS_SETTINGS: LivenessSettings = {
  behindMarginMs: 2_000,
  liveAgainBelowMs: 1_500,
  catchUpAfterMs: 2_000,
  catchUpCooldownMs: 10_000,
  maxCooldownMs: 120_000,
  holdMs: 30_000,
};

/** What a tile knows of its liveness, for its badge, overlay and the wall's count. */
export interface LivenessReading {
  /** The player's figures (null: not measured, or no player). */
  behindMs: number | null;
  trailMs: number | null;
  queuedMs: number | null;
  /** Past the margin (with hysteresis): the picture is not called live. */
  behind: boolean;
  /** When it went behind live (clock ms); null while live. */
  behindSince: number | null;
}

/**
 * - jump: the player drops what waits unshown and shows its newest picture (`Player.catchUp`)
 * - reconnect: a new connection (the backlog is in delivery, which no jump can skip; or the player
 *   cannot jump, or a jump did not help)
 */
export type CatchUp = 'jump' | 'reconnect';

/**
 * One tile's liveness and its catch-up policy: pure, time comes in.
 *
 * Each reading of the player's `liveness` updates whether the tile is behind live (over
 * `behindMarginMs`, live again under `liveAgainBelowMs`). Fallen behind (more than the margin beyond
 * the least this player showed: its transport's own delay) for `catchUpAfterMs`, it asks to catch up:
 * a jump when most of what it fell behind waits in the player (queued) and the player can, else a
 * reconnect. A jump that did not bring it back is followed by a reconnect; catch-ups are spaced by
 * a cooldown that doubles while they do not hold (so a camera on a link too slow for its stream is
 * not reconnected every few seconds, and says "behind live" meanwhile).
 */
export class LivenessPolicy {
  private settings: LivenessSettings;
  private value: LivenessReading = empty();
  private cooldownMs: number;
  private lastCatchUpAt = -Infinity;
  private lastCatchUp: CatchUp | null = null;
  private liveSince: number | null = null;
  /** The least `behindMs` of this player: the delay its transport holds by design (HLS: segments). */
  private floorMs: number | null = null;
  /** The least `queuedMs` of this player: the buffer it keeps by design. */
  private floorQueuedMs: number | null = null;
  /** Since when it is more than the margin behind its own floor. */
  private fallenSince: number | null = null;

  constructor(settings: Partial<LivenessSettings> = {}) {
    this.settings = { ...DEFAULT_LIVENESS_SETTINGS, ...settings };
    this.cooldownMs = this.settings.catchUpCooldownMs;
  }

  configure(settings: Partial<LivenessSettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  reading(): LivenessReading {
    return this.value;
  }

  /** No player (stopped, failed, between attempts): nothing is measured, nothing is behind. */
  clear(): void {
    this.value = empty();
    this.floorMs = null;
    this.floorQueuedMs = null;
    this.fallenSince = null;
  }

  /** Forget the catch-up history too (a tile started afresh). */
  reset(): void {
    this.clear();
    this.cooldownMs = this.settings.catchUpCooldownMs;
    this.lastCatchUpAt = -Infinity;
    this.lastCatchUp = null;
    this.liveSince = null;
  }

  /**
   * One reading of a playing tile's player. Returns how to catch up now, or null. `canJump`: the
   * player has `catchUp()`.
   *
   * The badge says how far behind the camera the picture is, whatever the cause. A catch-up is for a
   * tile that fell behind: more than the margin beyond the least this player has shown (its
   * transport's own delay: an HLS tile plays two segments, 4 s, behind by design, and is called
   * behind live, but no jump or reconnect can make it closer).
   */
  observe(liveness: PlayerLiveness | undefined, now: number, canJump: boolean): CatchUp | null {
    const s = this.settings;
    const behindMs = finite(liveness?.behindMs);
    const was = this.value;
    const behind =
      behindMs === null ? false : was.behind ? behindMs >= s.liveAgainBelowMs : behindMs > s.behindMarginMs;
    this.value = {
      behindMs,
      trailMs: finite(liveness?.trailMs),
      queuedMs: finite(liveness?.queuedMs),
      behind,
      behindSince: behind ? (was.behindSince ?? now) : null,
    };
    if (behindMs !== null) this.floorMs = Math.min(this.floorMs ?? behindMs, behindMs);
    const queuedNow = this.value.queuedMs;
    if (queuedNow !== null) this.floorQueuedMs = Math.min(this.floorQueuedMs ?? queuedNow, queuedNow);
    // Waiting for an overdue frame ages the picture (the badge says so) but is no backlog to skip: a
    // stream that stopped is the frame watchdog's (stalled, then a new player), not a catch-up's.
    const backlogMs = behindMs === null ? null : behindMs - (finite(liveness?.waitingMs) ?? 0);
    const fallen = behind && backlogMs! - (this.floorMs ?? 0) > s.behindMarginMs;
    this.fallenSince = fallen ? (this.fallenSince ?? now) : null;
    if (!fallen) {
      this.liveSince ??= now;
      if (now - this.liveSince >= s.holdMs) this.cooldownMs = s.catchUpCooldownMs;
      return null;
    }
    this.liveSince = null;
    if (now - this.fallenSince! < s.catchUpAfterMs) return null;
    if (now - this.lastCatchUpAt < this.cooldownMs) return null;
    // What waits in the player beyond the buffer it keeps by design, against what delivery adds.
    const queued = Math.max(0, (this.value.queuedMs ?? 0) - (this.floorQueuedMs ?? 0));
    const trail = this.value.trailMs ?? 0;
    // A jump only skips what the player holds; a backlog in delivery needs a new connection. A jump
    // that was tried last and did not hold is not tried again.
    const how: CatchUp = canJump && queued >= trail && this.lastCatchUp !== 'jump' ? 'jump' : 'reconnect';
    // Behind again after a catch-up (within the cooldown and hold): it did not hold; wait longer.
    if (this.lastCatchUpAt > -Infinity && now - this.lastCatchUpAt < this.cooldownMs + s.holdMs)
      this.cooldownMs = Math.min(s.maxCooldownMs, this.cooldownMs * 2);
    this.lastCatchUpAt = now;
    this.lastCatchUp = how;
    return how;
  }

  /**
   * `observe`, and the jump where it asks for one: the catch-up done (a jump the player refused or
   * failed at is a reconnect), or null. The caller reconnects.
   */
  step(
    player: Pick<Player, 'catchUp'>,
    liveness: PlayerLiveness | undefined,
    now: number,
    log: (line: string) => void,
  ): CatchUp | null {
    const how = this.observe(liveness, now, typeof player.catchUp === 'function');
    if (how !== 'jump') return how;
    let jumped = false;
    try {
      jumped = player.catchUp?.() ?? false;
    } catch (error) {
      log(`jumping to the newest picture failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (jumped) return 'jump';
    this.jumpRefused();
    return 'reconnect';
  }

  /** A catch-up by jump was refused by the player (`catchUp()` returned false): reconnect instead. */
  jumpRefused(): void {
    this.lastCatchUp = 'reconnect';
  }

  /**
   * A new player began (after a reconnect or a fault): its figures start afresh, but the catch-up
   * history stays, so a reconnect that does not hold is spaced out.
   */
  newPlayer(): void {
    this.clear();
    if (this.lastCatchUp === 'jump') this.lastCatchUp = null;
  }
}

/** "3.4 s" ("? s" when unknown), for log lines. */
export function secondsText(ms: number | null): string {
  return ms === null ? '? s' : `${(ms / 1000).toFixed(1)} s`;
}

function empty(): LivenessReading {
  return { behindMs: null, trailMs: null, queuedMs: null, behind: false, behindSince: null };
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
