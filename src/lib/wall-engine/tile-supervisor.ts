import type { Result } from '../../../electron/shared/contract';
import { codecFamily } from '../players/codec';
import type { PictureRate, Player, PlayerStats } from '../players/player';
import { redactUrl } from '../players/redact-url';
import type { PlaybackTransport } from '../players/transport';
import { backoffDelay } from './backoff';
import { describeCodec, describeUnplayable } from './unplayable';
import { chooseSource } from './choose-source';
import { classifyPlayback } from './classify';
import { systemClock, type EngineClock, type TimerHandle } from './clock';
import type { ConnectionLease } from './connection-budget';
import type { DegradedReason } from './decode-budget';
import {
  FAILURE_LABELS,
  failureFromPlayerError,
  failureFromStartError,
  type Failure,
  type FailureReason,
} from './failure';
import { LivenessPolicy, secondsText, type LivenessReading } from './liveness-policy';
import type { StartTicket } from './start-scheduler';
import type { StartedStream, TileSupervisorDeps } from './supervisor-deps';
import { DEFAULT_SUPERVISOR_SETTINGS, type SupervisorSettings } from './supervisor-settings';
import type { TileSnapshot, TileState, TileStats } from './tile-snapshot';
import { exhaustedText, fallbackText, TransportFallback } from './transport-fallback';

export { DEFAULT_SUPERVISOR_SETTINGS, type SupervisorSettings } from './supervisor-settings';
export type { TileSnapshot, TileState, TileStats } from './tile-snapshot';
export type { StartedStream, TileSupervisorDeps } from './supervisor-deps';

/** Faults a lost network explains: the ones `networkRestored` retries at once. */
const NETWORK_FAULTS: ReadonlySet<FailureReason> = new Set<FailureReason>([
  'network',
  'stalled',
  'platform-error',
]);

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
export class TileSupervisor {
  private settings: SupervisorSettings;
  private order: readonly PlaybackTransport[];
  private readonly clock: EngineClock;
  private readonly random: () => number;
  private readonly listeners = new Set<Listener>();
  private readonly log: (line: string) => void;

  private snap: TileSnapshot;
  private wanted = false;
  private destroyed = false;
  private visible = true;

  /** Bumped whenever an attempt is torn down; late callbacks of an old attempt compare and bail out. */
  private generation = 0;
  private player: Player | null = null;
  private playerOff: (() => void)[] = [];
  private lease: ConnectionLease | null = null;
  private ticket: StartTicket | null = null;
  private playback: StartedStream | null = null;
  private urlSetFailures = 0;
  private readonly noFrameFailures = new Map<PlaybackTransport, number>();
  private lastStats: PlayerStats | null = null;
  private watchFrom = 0;
  /** The current player has shown a frame. */
  private pictureThisAttempt = false;
  private rate: PictureRate = 'full';
  private rateReason: DegradedReason | null = null;
  private rateChangedAtValue = -Infinity;
  /** Whether the current (or last) player could change its rate; null before any player. */
  private rateSupported: boolean | null = null;
  /** Transports that refused the stream for its codec: the next attempt takes the next one. */
  private readonly fallback = new TransportFallback();
  private readonly live: LivenessPolicy;
  /** New players ask for the stream's sound (the wall's audible tile). */
  private audio: boolean;

  private retryTimer: TimerHandle | null = null;
  private startTimer: TimerHandle | null = null;
  private tickTimer: TimerHandle | null = null;
  private stableTimer: TimerHandle | null = null;
  private hiddenTimer: TimerHandle | null = null;

  private readonly onVideoError = () => this.handleVideoError();

  constructor(private readonly deps: TileSupervisorDeps) {
    this.settings = { ...DEFAULT_SUPERVISOR_SETTINGS, ...deps.settings };
    this.order = deps.order;
    this.clock = deps.clock ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.live = new LivenessPolicy(this.settings.liveness);
    this.audio = deps.playerOptions?.audio ?? false;
    const prefix = `[wall]${deps.label ? ` ${deps.label}` : ''}`;
    const sink = deps.log ?? ((line: string) => console.info(line));
    this.log = (line) => sink(`${prefix} ${line}`);
    this.snap = {
      state: 'idle',
      reason: null,
      label: null,
      detail: null,
      attempt: 0,
      nextRetryAt: null,
      transport: null,
      tls: false,
      url: null,
      since: this.clock.now(),
      troubleSince: null,
      firstFrameAt: null,
      lastFrameAt: null,
      rate: 'full',
      degradedReason: null,
      pictureIntervalMs: null,
      tried: [],
      behind: false,
      catchUps: 0,
      lastCatchUp: null,
      restart: null,
    };
    deps.video.addEventListener('error', this.onVideoError);
  }

  /**
   * Change the transport order or settings (from the settings screen). Takes effect from the next
   * attempt; a playing tile is not disturbed.
   */
  configure(change: { order?: readonly PlaybackTransport[]; settings?: Partial<SupervisorSettings> }): void {
    if (change.order) this.order = change.order;
    if (change.settings) this.settings = { ...this.settings, ...change.settings };
    if (change.settings?.liveness) this.live.configure(change.settings.liveness);
  }

  /** The current state; a new object after every change. */
  snapshot(): TileSnapshot {
    return this.snap;
  }

  /** Called with the current snapshot at once and on every change. Returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.snap);
    return () => {
      this.listeners.delete(listener);
    };
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
    this.clearTimer('retryTimer');
    this.clearTimer('hiddenTimer');
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
    return this.wanted && !this.destroyed && this.retryTimer !== null;
  }

  /** An operator's "retry now": skips the pending backoff and asks for fresh URLs. */
  retryNow(): void {
    if (!this.wanted || this.destroyed) return;
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
    this.clearTimer('hiddenTimer');
    if (!this.wanted) return;
    if (this.snap.state === 'paused-hidden') {
      this.log('shown again: resuming');
      this.freshStart();
      this.playback = null;
      this.beginAttempt('starting');
    } else {
      // Frames were not watched while hidden; give the player a fresh stall window.
      this.watchFrom = this.clock.now();
    }
  }

  /** The latest player figures with the tile's state; null before any player ran. */
  stats(): TileStats | null {
    if (this.player) this.readFrames();
    if (!this.lastStats) return null;
    const lastFrameAt = this.snap.lastFrameAt;
    return {
      ...this.lastStats,
      lastFrameAt,
      frameAgeMs: lastFrameAt === null ? null : Math.max(0, this.clock.now() - lastFrameAt),
      state: this.snap.state,
    };
  }

  /** Milliseconds since the last new frame; null if the tile never showed one. */
  frameAgeMs(): number | null {
    if (this.player) this.readFrames();
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
    return age !== null && age > this.staleAfter() ? age : null;
  }

  /**
   * The frame age the badge calls stale: `staleAfterMs`, and in overview (or while a change of rate
   * settles) one keyframe interval more, since a picture every interval is what overview shows.
   */
  private staleAfter(): number {
    const now = this.clock.now();
    if (this.effectiveRate() === 'full' && now - this.rateChangedAtValue >= this.overviewTimeout())
      return this.settings.staleAfterMs;
    const gop = this.lastStats?.keyframeIntervalMs ?? 2_000;
    return this.settings.staleAfterMs + gop;
  }

  /**
   * Play every picture or overview pictures (keyframes only), on the same connection: the player
   * switches in place (back to full at the stream's next keyframe), and a new player starts at the
   * rate set last. A player that cannot stays at full rate (`canChangeRate` false).
   */
  setRate(rate: PictureRate, reason: DegradedReason | null = null): void {
    if (this.destroyed) return;
    const why = rate === 'overview' ? (reason ?? 'pinned') : null;
    if (rate === this.rate && why === this.rateReason) return;
    const changed = rate !== this.rate;
    this.rate = rate;
    this.rateReason = why;
    if (!changed) {
      if (this.snap.rate === 'overview') this.setState({ degradedReason: why });
      return;
    }
    this.rateChangedAtValue = this.clock.now();
    // Frames are judged afresh at the new rate.
    this.watchFrom = this.rateChangedAtValue;
    if (this.player) this.rateSupported = this.applyRate(this.player);
    this.publishRate();
    this.log(
      rate === 'overview'
        ? `overview pictures (${why})${this.rateSupported === false ? ': this player cannot, it stays at full rate' : ''}`
        : 'full rate',
    );
  }

  /** When the tile's rate last changed (clock ms; -Infinity if never). */
  get rateChangedAt(): number {
    return this.rateChangedAtValue;
  }

  /** A player of this tile is running and has not shown its first picture yet. */
  get awaitingFirstPicture(): boolean {
    return this.player !== null && !this.pictureThisAttempt;
  }

  /** Whether this tile's player can show overview pictures; null before its first player. */
  get canChangeRate(): boolean | null {
    return this.rateSupported;
  }

  /**
   * How far behind the camera the picture is, from the player's own measure (PlayerStats.liveness),
   * and whether that is past the margin: read at each tick while playing; nothing while not.
   */
  liveness(): LivenessReading {
    return this.live.reading();
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

  // ---- attempts -------------------------------------------------------------------------------

  private beginAttempt(state: 'starting' | 'reconnecting' | 'stalled' | 'failed'): void {
    this.clearTimer('retryTimer');
    if (!this.wanted || this.destroyed) return;
    this.setState({
      state,
      nextRetryAt: null,
      ...(state === 'starting' ? { reason: null, detail: null } : {}),
    });
    const generation = this.generation;
    // Ask for the URLs now, not once a start slot is free: the platform's answer (a GB28181 platform
    // may first have to invite the camera) then overlaps the other tiles' starts, and the slot gates
    // only opening the stream (see StartScheduler), until the stream answers or shows a frame.
    const urls = this.playback ? null : this.requestUrls();
    const admit = () => {
      if (generation !== this.generation || !this.wanted) {
        this.releaseTicket();
        return;
      }
      void this.runAttempt(generation, urls);
    };
    const ticket = this.deps.scheduler
      ? this.deps.scheduler.request(admit, this.deps.startPriority?.() ?? 0)
      : null;
    this.ticket = ticket;
    if (!this.deps.scheduler) queueMicrotask(admit);
    // Refused while still waiting for a slot: say so now rather than after the wait.
    void urls?.then((result) => {
      if (!result.ok && generation === this.generation && ticket && !ticket.admitted)
        this.fail(failureFromStartError(result.error));
    });
  }

  /** streams:start for this tile, settled as a Result (a throwing bridge counts as an internal error). */
  private async requestUrls(): Promise<Result<StartedStream>> {
    try {
      return await this.deps.startStream();
    } catch (error) {
      return {
        ok: false,
        error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  private async runAttempt(generation: number, urls: Promise<Result<StartedStream>> | null): Promise<void> {
    this.startTimer = this.clock.setTimeout(() => {
      this.startTimer = null;
      if (generation !== this.generation) return;
      const seconds = Math.round(this.settings.startTimeoutMs / 1000);
      this.fail({ reason: 'network', detail: `no video arrived within ${seconds} s` });
    }, this.settings.startTimeoutMs);

    if (!this.playback) {
      const result = await (urls ?? this.requestUrls());
      if (generation !== this.generation) return;
      if (!result.ok) {
        this.fail(failureFromStartError(result.error));
        return;
      }
      this.playback = result.value;
      this.urlSetFailures = 0;
    }

    const { playable, unplayable } = classifyPlayback(this.playback);
    const choice = chooseSource(
      playable.filter((c) => !this.fallback.has(c.transport)),
      { order: this.effectiveOrder(), capabilities: this.deps.capabilities, budget: this.deps.budget },
    );
    if (!choice.ok && choice.reason === 'no-playable-url' && this.fallback.size > 0) {
      this.fail(this.exhausted());
      return;
    }
    if (!choice.ok) {
      if (unplayable.length > 0 && playable.length === 0)
        this.log(`no playable URL; offered: ${unplayable.map((u) => u.protocol).join(', ')}`);
      this.fail({
        reason: choice.reason,
        detail:
          choice.reason === 'no-playable-url'
            ? describeUnplayable({ playable, unplayable }, this.deps.order)
            : choice.message,
        persistent: true,
        freshUrls: choice.reason === 'no-playable-url',
      });
      return;
    }

    const { candidate } = choice;
    this.lease = choice.lease;
    this.setState({ transport: candidate.transport, tls: candidate.tls, url: redactUrl(candidate.url) });
    this.log(`attempt ${this.snap.attempt + 1}: ${candidate.transport} ${redactUrl(candidate.url)}`);

    let player: Player;
    try {
      player = this.deps.createPlayer(
        { url: candidate.url, transport: candidate.transport, tls: candidate.tls },
        { ...this.deps.playerOptions, audio: this.audio, now: () => this.clock.now() },
      );
    } catch (error) {
      this.fail({ reason: 'media-error', detail: error instanceof Error ? error.message : String(error) });
      return;
    }
    this.player = player;
    this.lastStats = null;
    this.live.newPlayer();
    const planned = this.deps.rateFor?.();
    if (planned && (planned.rate !== this.rate || planned.reason !== this.rateReason)) {
      this.rate = planned.rate;
      this.rateReason = planned.rate === 'overview' ? planned.reason : null;
    }
    this.rateSupported = this.applyRate(player);
    this.publishRate();
    if (this.snap.rate === 'overview')
      this.log(`starts with overview pictures (${this.snap.degradedReason})`);
    this.playerOff = [
      player.on('error', (error) => {
        if (generation === this.generation) this.fail(failureFromPlayerError(error));
      }),
      player.on('first-frame', ({ at }) => {
        if (generation === this.generation) this.firstFrame(at);
      }),
      player.on('connected', () => {
        // The handshake is done: the start slot can open the next tile's connection.
        if (generation === this.generation) this.releaseTicket();
      }),
      player.on('media-info', (info) => {
        if (generation !== this.generation) return;
        // The stream answered: the connection is made, so its start slot can open the next tile's.
        this.releaseTicket();
        if (!info.videoCodec) return;
        const family = codecFamily(info.videoCodec);
        const caps = this.deps.capabilities;
        if ((family === 'hevc' && !caps.hevc) || (family === 'h264' && caps.mse && !caps.h264))
          this.fail({
            reason: 'codec-unsupported',
            detail: describeCodec(family, info.videoCodec, caps),
            persistent: true,
            freshUrls: true,
          });
      }),
    ];
    try {
      player.attach(this.deps.video);
      player.start();
    } catch (error) {
      this.fail({ reason: 'media-error', detail: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (generation === this.generation) this.scheduleTick(generation);
  }

  private firstFrame(at: number): void {
    if (this.snap.state === 'playing') return;
    this.pictureThisAttempt = true;
    this.clearTimer('startTimer');
    this.releaseTicket();
    this.noFrameFailures.delete(this.snap.transport!);
    this.watchFrom = at;
    this.setState({
      state: 'playing',
      reason: null,
      detail: null,
      nextRetryAt: null,
      firstFrameAt: at,
      lastFrameAt: Math.max(at, this.snap.lastFrameAt ?? 0),
      restart: null,
    });
    this.log(`playing (${this.snap.transport})`);
    this.clearTimer('stableTimer');
    this.stableTimer = this.clock.setTimeout(() => {
      this.stableTimer = null;
      // Played long enough: the next fault starts the backoff from the beginning.
      this.resetAttempts();
      if (this.snap.attempt !== 0) this.setState({ attempt: 0 });
    }, this.settings.stableAfterMs);
  }

  private scheduleTick(generation: number): void {
    this.tickTimer = this.clock.setTimeout(() => {
      this.tickTimer = null;
      if (generation !== this.generation) return;
      this.tick();
      if (generation === this.generation) this.scheduleTick(generation);
    }, this.settings.tickMs);
  }

  /** Read frame progress; detect a first frame the events missed, and stalls. */
  private tick(): void {
    const stats = this.readFrames();
    if (!stats) return;
    const now = this.clock.now();
    if (this.snap.state !== 'playing') {
      if (stats.lastFrameAt !== null && stats.decodedFrames > 0) this.firstFrame(stats.lastFrameAt);
      return;
    }
    if (!this.visible) return;
    const last = Math.max(this.snap.lastFrameAt ?? 0, this.watchFrom);
    if (now - last >= this.stallTimeout(now)) {
      const seconds = Math.round((now - (this.snap.lastFrameAt ?? now)) / 1000);
      this.fail({ reason: 'stalled', detail: `no new frame for ${seconds} s` });
      return;
    }
    this.watchLiveness(stats, now);
  }

  /** Whether the picture is behind live, and catching up when it stays behind (LivenessPolicy). */
  private watchLiveness(stats: PlayerStats, now: number): void {
    const how = this.player ? this.live.step(this.player, stats.liveness, now, this.log) : null;
    const { behind, behindMs } = this.live.reading();
    if (behind !== (this.snap.behind ?? false)) {
      this.setState({ behind });
      this.log(behind ? `${secondsText(behindMs)} behind live` : 'live again');
    }
    if (!how) return;
    const done = how === 'jump' ? 'jumped to the newest picture' : 'reconnecting';
    this.log(`catching up with live (${secondsText(behindMs)} behind): ${done}`);
    this.setState({ catchUps: (this.snap.catchUps ?? 0) + 1, lastCatchUp: how });
    if (how === 'reconnect') this.replacePlayer('catch-up');
  }

  /**
   * A planned new player, not a fault (the sound changed, or the picture fell behind live): the same
   * URLs, no backoff, no attempt counted. A tile not playing takes the change at its next attempt.
   */
  private replacePlayer(why: 'audio' | 'catch-up'): void {
    if (!this.wanted || this.destroyed || !this.player) return;
    const state = this.carryOn();
    this.teardown();
    this.setState({ restart: why });
    this.beginAttempt(state);
  }

  /**
   * No new picture for this long is a stall: `stallTimeoutMs` at full rate; in overview (a picture
   * per keyframe) and while a change of rate settles (back to full waits for the next keyframe), two
   * keyframe intervals and 2 s, at least `overviewStallTimeoutMs`. A tile whose keyframes stop
   * coming is still found stalled.
   */
  private stallTimeout(now: number): number {
    if (this.effectiveRate() === 'full' && now - this.rateChangedAtValue >= this.overviewTimeout())
      return this.settings.stallTimeoutMs;
    return this.overviewTimeout();
  }

  private overviewTimeout(): number {
    const gop = this.lastStats?.keyframeIntervalMs ?? null;
    return Math.max(this.settings.overviewStallTimeoutMs, gop === null ? 0 : 2 * gop + 2_000);
  }

  /** The rate pictures come at now: the player's own word where it has one. */
  private effectiveRate(): PictureRate {
    return this.lastStats?.rate ?? (this.rateSupported ? this.rate : 'full');
  }

  /** Ask a player for the tile's rate; whether it can change rates at all. */
  private applyRate(player: Player): boolean {
    try {
      return player.setRate?.(this.rate) ?? false;
    } catch (error) {
      this.log(`changing the rate failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Put the tile's rate in its snapshot (a player that cannot change rates shows full). */
  private publishRate(): void {
    const rate: PictureRate = this.rate === 'overview' && this.rateSupported !== false ? 'overview' : 'full';
    const degradedReason = rate === 'overview' ? this.rateReason : null;
    const interval = this.lastStats?.keyframeIntervalMs ?? null;
    // To a tenth of a second: a camera's keyframes a few ms apart from one GOP to the next are one interval.
    const pictureIntervalMs =
      rate === 'overview' && interval !== null ? Math.round(interval / 100) * 100 : null;
    if (
      rate !== this.snap.rate ||
      degradedReason !== this.snap.degradedReason ||
      pictureIntervalMs !== this.snap.pictureIntervalMs
    )
      this.setState({ rate, degradedReason, pictureIntervalMs });
  }

  private readFrames(): PlayerStats | null {
    const player = this.player;
    if (!player) return this.lastStats;
    let stats: PlayerStats;
    try {
      stats = player.stats();
    } catch {
      return this.lastStats;
    }
    this.lastStats = stats;
    if (this.snap.rate === 'overview') this.publishRate();
    if (stats.lastFrameAt !== null && stats.lastFrameAt > (this.snap.lastFrameAt ?? -Infinity)) {
      // Frames move often; update the snapshot in place rather than notifying 25 times a second.
      this.snap = { ...this.snap, lastFrameAt: stats.lastFrameAt };
    }
    return stats;
  }

  private handleVideoError(): void {
    const error = this.deps.video.error;
    // A load() by a new player clears `error`: an event with no error left is from a torn-down player.
    if (!this.player || !error) return;
    const failure = failureFromPlayerError({
      kind: error.code === 2 ? 'network' : 'media',
      message: `video element error ${error.code}${error.message ? ` (${error.message})` : ''}`,
    });
    this.fail(failure);
  }

  // ---- failure and recovery -----------------------------------------------------------------

  private fail(given: Failure): void {
    if (!this.wanted || this.destroyed) return;
    // The core knew before trying that these URLs name a host not reachable from here (a media
    // server behind NAT): a network fault on them is that, said in words, not a bare "network".
    const hint = this.playback?.mediaHostHint;
    let failure: Failure = hint && given.reason === 'network' ? { ...given, detail: hint } : given;
    const transport = this.snap.transport;
    const hadPicture = this.pictureThisAttempt;
    this.teardown();
    if (failure.transportOnly && transport) {
      // This transport refused the stream's codec: the next one in the order may play it, now.
      this.fallback.refuse(transport, failure.detail);
      const next = this.nextTransport();
      if (next) {
        const tried = this.fallback.tried();
        this.setState({ tried, restart: null });
        this.log(fallbackText(tried[tried.length - 1], next));
        this.beginAttempt(this.carryOn());
        return;
      }
      failure = this.exhausted();
    }

    const attempt = this.snap.attempt + 1;
    if (!hadPicture && transport)
      this.noFrameFailures.set(transport, (this.noFrameFailures.get(transport) ?? 0) + 1);
    if (this.playback) {
      this.urlSetFailures += 1;
      if (failure.freshUrls || this.urlSetFailures >= this.settings.attemptsPerUrlSet) {
        this.playback = null;
        this.urlSetFailures = 0;
      }
    }

    // Nothing offered can play here: ask again in minutes, not through every transport each 30 s.
    const unplayable = failure.reason === 'no-playable-url' || failure.reason === 'codec-unsupported';
    const delay = unplayable
      ? Math.round(this.settings.unplayableRetryMs * (0.9 + 0.2 * this.random()))
      : backoffDelay(attempt, this.settings.backoff, this.random);
    const nextRetryAt = this.clock.now() + delay;
    // A frozen picture stays `stalled` through its recovery attempt, so monitoring can see it.
    const state: TileState =
      failure.persistent || attempt >= this.settings.failedAfterAttempts || this.snap.state === 'failed'
        ? 'failed'
        : failure.reason === 'stalled'
          ? 'stalled'
          : 'reconnecting';
    const troubleSince = this.snap.troubleSince ?? this.clock.now();
    this.setState({
      state,
      reason: failure.reason,
      detail: failure.detail,
      attempt,
      nextRetryAt,
      troubleSince,
      restart: null,
      tried: this.fallback.tried(),
    });
    this.log(
      `${state}: ${FAILURE_LABELS[failure.reason]} — ${failure.detail}; retry ${attempt} in ${(delay / 1000).toFixed(1)} s`,
    );
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      // After the long wait every transport gets its chance again: the stream may have changed.
      if (unplayable) this.fallback.clear();
      this.beginAttempt(this.retryState());
    }, delay);
  }

  /** Every offered transport refused the stream: say which and why, and wait (UNPLAYABLE_RETRY_MS). */
  private exhausted(): Failure {
    return {
      reason: 'codec-unsupported',
      detail: exhaustedText(this.fallback),
      persistent: true,
      freshUrls: true,
    };
  }

  /** The transport the next attempt would take, leaving out those that refused; null if none. */
  private nextTransport(): PlaybackTransport | null {
    if (!this.playback) return null;
    const choice = chooseSource(
      classifyPlayback(this.playback).playable.filter((c) => !this.fallback.has(c.transport)),
      { order: this.effectiveOrder(), capabilities: this.deps.capabilities },
    );
    return choice.ok ? choice.candidate.transport : null;
  }

  /** The state of a new player that is no fault's recovery: a playing or starting tile is starting. */
  private carryOn(): 'starting' | 'reconnecting' | 'stalled' | 'failed' {
    const state = this.snap.state;
    return state === 'playing' || state === 'starting' ? 'starting' : this.retryState();
  }

  /** The state of the next attempt: it carries on what the tile is recovering from. */
  private retryState(): 'reconnecting' | 'stalled' | 'failed' {
    const state = this.snap.state;
    return state === 'failed' || state === 'stalled' ? state : 'reconnecting';
  }

  /** Destroy the player and give back its connection lease and start slot. */
  private teardown(): void {
    this.generation += 1;
    this.pictureThisAttempt = false;
    this.clearTimer('startTimer');
    this.clearTimer('tickTimer');
    this.clearTimer('stableTimer');
    this.releaseTicket();
    this.live.clear();
    for (const off of this.playerOff) off();
    this.playerOff = [];
    const player = this.player;
    this.player = null;
    if (player) {
      try {
        player.destroy();
      } catch (error) {
        this.log(`destroying the player failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.lease?.release();
    this.lease = null;
  }

  private pauseHidden(): void {
    if (!this.wanted || this.snap.state === 'paused-hidden') return;
    this.teardown();
    this.clearTimer('retryTimer');
    this.setState({ state: 'paused-hidden', reason: null, detail: null, nextRetryAt: null });
    this.log('hidden: stream stopped');
  }

  private armHiddenTimer(): void {
    this.clearTimer('hiddenTimer');
    this.hiddenTimer = this.clock.setTimeout(() => {
      this.hiddenTimer = null;
      if (!this.visible) this.pauseHidden();
    }, this.settings.hiddenGraceMs);
  }

  /** The user's order, with transports that keep failing before any frame moved to the end. */
  private effectiveOrder(): PlaybackTransport[] {
    const limit = this.settings.demoteAfterFailures;
    const good = this.order.filter((t) => (this.noFrameFailures.get(t) ?? 0) < limit);
    const demoted = this.order.filter((t) => (this.noFrameFailures.get(t) ?? 0) >= limit);
    return [...good, ...demoted];
  }

  /** Start afresh (start, shown again): past failures, refused transports and catch-ups forgotten. */
  private freshStart(): void {
    this.resetAttempts();
    this.fallback.clear();
    this.live.reset();
    this.snap = { ...this.snap, attempt: 0, tried: [], catchUps: 0, lastCatchUp: null };
  }

  /** Forget past failures (the caller publishes `attempt: 0`). */
  private resetAttempts(): void {
    this.urlSetFailures = 0;
    this.noFrameFailures.clear();
  }

  private releaseTicket(): void {
    this.ticket?.release();
    this.ticket = null;
  }

  private clearTimer(name: 'retryTimer' | 'startTimer' | 'tickTimer' | 'stableTimer' | 'hiddenTimer'): void {
    const handle = this[name];
    if (handle !== null) this.clock.clearTimeout(handle);
    this[name] = null;
  }

  private setState(patch: Partial<TileSnapshot>): void {
    const next: TileSnapshot = { ...this.snap, ...patch };
    if (patch.state !== undefined && patch.state !== this.snap.state) next.since = this.clock.now();
    // Only a picture on screen is behind live; one gone is stale or failed, said otherwise.
    if (next.state !== 'playing') next.behind = false;
    if (next.state === 'playing' || next.state === 'idle' || next.state === 'paused-hidden')
      next.troubleSince = null;
    if (patch.reason !== undefined) next.label = patch.reason === null ? null : FAILURE_LABELS[patch.reason];
    this.snap = next;
    for (const listener of [...this.listeners]) {
      try {
        listener(next);
      } catch (error) {
        console.error('[wall] a tile listener failed:', error);
      }
    }
  }
}
