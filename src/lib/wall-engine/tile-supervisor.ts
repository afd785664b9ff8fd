import type { PictureRate } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import type { DegradedReason } from './decode-budget';
import { NETWORK_FAULTS } from './failure';
import type { LivenessReading } from './liveness-policy';
import type { SupervisorSettings } from './supervisor-settings';
import { TileAttempts } from './tile-attempts';
import type { TileSnapshot, TileStats } from './tile-snapshot';

export type { SupervisorSettings } from './supervisor-settings';
export type { TileSnapshot, TileState, TileStats } from './tile-snapshot';
export type { StartedStream } from './supervisor-deps';

type Listener = (snapshot: TileSnapshot) => void;

/**
 * One tile's playback, kept alive without a human.
 *
 * It asks the platform for URLs, classifies and chooses one, creates a player, and watches it: a
 * player error, a `<video>` error, no first frame in time, or no new frame for `stallTimeoutMs` all
 * lead to the same recovery — destroy the player (mpegts.js cannot recover in place), wait an
 * exponential backoff with jitter, and try again; after `attemptsPerUrlSet` failures on one set of
 * URLs, ask streams:start for fresh ones. A stable period of play resets the backoff. Every state
 * change is published to subscribers.
 */
export class TileSupervisor extends TileAttempts {
  /**
   * Change the transport order or settings (from the settings screen). Takes effect from the next
   * attempt; a playing tile is not disturbed.
   */
  configure(change: { order?: readonly PlaybackTransport[]; settings?: Partial<SupervisorSettings> }): void {
    if (change.order) this.order = change.order;
    if (change.settings) this.settings = { ...this.settings, ...change.settings };
    if (change.settings?.liveness) this.picture.configure(change.settings.liveness);
  }

  /** The current state; a new object after every change. */
  snapshot(): TileSnapshot {
    return this.snap;
  }

  /** Called with the current snapshot at once and on every change. Returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    const off = this.listeners.on('change', listener);
    listener(this.snap);
    return off;
  }

  /** Begin playing (idempotent). */
  start(): void {
    if (this.destroyed || this.wanted) return;
    this.wanted = true;
    this.freshStart();
    this.playback = null;
    if (!this.visible) this.armHiddenTimer();
    this.beginAttempt('starting');
  }

  /** Stop playing and release everything; `start()` starts afresh. */
  stop(): void {
    if (!this.wanted) return;
    this.wanted = false;
    this.teardown();
    this.timers.clear('retry');
    this.timers.clear('hidden');
    this.setState({ state: 'idle', reason: null, detail: null, nextRetryAt: null });
  }

  /** Stop for good: also drops the listeners and the element's error listener. */
  destroy(): void {
    if (this.destroyed) return;
    this.stop();
    this.destroyed = true;
    this.deps.video.removeEventListener('error', this.onVideoError);
    this.listeners.clear();
    this.deps.onDestroy?.();
  }

  /** Waiting out a backoff after a fault, its next try scheduled (`nextRetryAt`). */
  get waitingToRetry(): boolean {
    return this.wanted && !this.destroyed && this.timers.has('retry');
  }

  /** An operator's "retry now": skips the pending backoff and asks for fresh URLs. */
  retryNow(): void {
    if (!this.wanted || this.destroyed) return;
    if (this.deps.refusal?.refused()) {
      // Retry on a tile held for its profile: the profile is asked again, every tile of it at once.
      this.deps.refusal.lift();
      return;
    }
    if (this.snap.state === 'playing' || this.snap.state === 'paused-hidden') return;
    this.teardown();
    this.playback = null;
    this.beginAttempt(this.retryState());
  }

  /**
   * The computer's network came back (the page's `online` event). A tile waiting out its backoff after
   * a fault a lost network explains tries again now, with fresh URLs, rather than up to 30 s later; one
   * that failed for another reason (device offline, forbidden, codec) keeps its wait. The attempt count
   * stays, so a network still down goes on backing off. Returns whether the tile retried.
   */
  networkRestored(): boolean {
    if (!this.waitingToRetry) return false;
    if (this.snap.reason === null || !NETWORK_FAULTS.has(this.snap.reason)) return false;
    this.log('the network is back: retrying now');
    return this.retryIfWaiting();
  }

  /** Its profile may be asked again (it changed, or Retry): a tile held for it tries now. */
  refusalLifted(): boolean {
    if (!this.heldRefused) return false;
    this.log('the profile may be asked again: retrying now');
    this.teardown();
    this.playback = null;
    this.beginAttempt('failed');
    return true;
  }

  /** `retryNow` for a tile waiting out a backoff; a tile playing, trying or stopped is left alone. */
  retryIfWaiting(): boolean {
    if (!this.waitingToRetry) return false;
    this.retryNow();
    return true;
  }

  /**
   * The tile was shown or hidden (see observeVisibility). Hidden longer than the grace period, the
   * stream stops (`paused-hidden`); shown again, it starts afresh with fresh URLs.
   */
  setVisible(visible: boolean): void {
    if (visible === this.visible || this.destroyed) return;
    this.visible = visible;
    if (!visible) {
      if (this.wanted && this.snap.state !== 'paused-hidden') this.armHiddenTimer();
      return;
    }
    this.timers.clear('hidden');
    if (!this.wanted) return;
    if (this.snap.state === 'paused-hidden') {
      this.log('shown again: resuming');
      this.freshStart();
      this.playback = null;
      this.beginAttempt('starting');
    } else {
      // Frames were not watched while hidden; give the player a fresh stall window.
      this.picture.restartWatch(this.clock.now());
    }
  }

  /** The latest player figures with the tile's state; null before any player ran. */
  stats(): TileStats | null {
    const stats = this.picture.read(this.slot.player);
    if (!stats) return null;
    const lastFrameAt = this.snap.lastFrameAt;
    return {
      ...stats,
      lastFrameAt,
      frameAgeMs: lastFrameAt === null ? null : Math.max(0, this.clock.now() - lastFrameAt),
      state: this.snap.state,
    };
  }

  /** Milliseconds since the last new frame; null if the tile never showed one. */
  frameAgeMs(): number | null {
    this.picture.read(this.slot.player);
    const last = this.snap.lastFrameAt;
    return last === null ? null : Math.max(0, this.clock.now() - last);
  }

  /**
   * The frame age when it is "stale" (over `staleAfterMs`) for a tile that should be showing video,
   * else null: what the UI's "STALE 12 s" badge shows.
   */
  staleMs(): number | null {
    if (!this.wanted || this.snap.state === 'paused-hidden' || this.snap.state === 'idle') return null;
    const age = this.frameAgeMs();
    return age !== null && age > this.picture.staleAfter() ? age : null;
  }

  /**
   * Play every picture or overview pictures (keyframes only), on the same connection: the player
   * switches in place (back to full at the stream's next keyframe), and a new player starts at the
   * rate set last. A player that cannot stays at full rate (`canChangeRate` false).
   */
  setRate(rate: PictureRate, reason: DegradedReason | null = null): void {
    if (this.destroyed) return;
    this.picture.setRate(rate, reason, this.slot.player);
  }

  /** When the tile's rate last changed (clock ms; -Infinity if never). */
  get rateChangedAt(): number {
    return this.picture.rateChangedAt;
  }

  /** A player of this tile is running and has not shown its first picture yet. */
  get awaitingFirstPicture(): boolean {
    return this.slot.player !== null && !this.pictureThisAttempt;
  }

  /** Whether this tile's player can show overview pictures; null before its first player. */
  get canChangeRate(): boolean | null {
    return this.picture.canChangeRate;
  }

  /**
   * How far behind the camera the picture is, from the player's own measure (PlayerStats.liveness),
   * and whether that is past the margin: read at each tick while playing; nothing while not.
   */
  liveness(): LivenessReading {
    return this.picture.liveness();
  }

  /** Whether new players ask for the stream's sound. */
  get audible(): boolean {
    return this.audio;
  }

  /**
   * Ask for the stream's sound (the wall's audible tile) or drop it (every other tile). A player
   * cannot change this in place, so a running one is replaced at once, on the same element and URLs,
   * with no backoff: the picture is out for what a reconnect costs.
   */
  setAudio(audio: boolean): void {
    if (audio === this.audio || this.destroyed) return;
    this.audio = audio;
    this.log(audio ? 'sound on: a new player with audio' : 'sound off: a new player without audio');
    this.replacePlayer('audio');
  }
}
