import type { Result } from '../../../electron/shared/contract';
import { Emitter } from '../players/emitter';
import type { Player } from '../players/player';
import { redactUrl } from '../players/redact-url';
import type { PlaybackTransport } from '../players/transport';
import { systemClock, type EngineClock } from './clock';
import {
  failureFromPlayerError,
  failureFromStartError,
  failureFromVideoError,
  type Failure,
} from './failure';
import { PictureWatch } from './picture-watch';
import { planRecovery, recoveryText } from './recovery-plan';
import { exhaustedFailure, nextTransport, pickSource, requestUrls } from './source-pick';
import type { StartedStream, TileSupervisorDeps } from './supervisor-deps';
import { DEFAULT_SUPERVISOR_SETTINGS, type SupervisorSettings } from './supervisor-settings';
import { TilePlayer } from './tile-player';
import { idleSnapshot, nextSnapshot, type TileSnapshot } from './tile-snapshot';
import { TileTimers } from './tile-timers';
import { fallbackText, TransportFallback } from './transport-fallback';
import { TransportDemotion } from './transport-demotion';
import { refusedCodec } from './unplayable';
import { WallTicker } from './wall-ticker';

/**
 * The attempt loop of one tile: ask for URLs, choose one, run a player on the tile's `<video>`, watch
 * its frames, and recover from every fault with a backoff. TileSupervisor is what callers drive.
 */
export abstract class TileAttempts {
  protected settings: SupervisorSettings;
  protected order: readonly PlaybackTransport[];
  protected readonly clock: EngineClock;
  private readonly random: () => number;
  protected readonly listeners = new Emitter<{ change: TileSnapshot }>((error) =>
    console.error('[wall] a tile listener failed:', error),
  );
  protected readonly log: (line: string) => void;

  protected snap: TileSnapshot;
  protected wanted = false;
  protected destroyed = false;
  protected visible = true;

  /** Bumped whenever an attempt is torn down; late callbacks of an old attempt compare and bail out. */
  private generation = 0;
  protected readonly slot = new TilePlayer();
  protected playback: StartedStream | null = null;
  private urlSetFailures = 0;
  private readonly demotion = new TransportDemotion();
  /** The current player has shown a frame. */
  protected pictureThisAttempt = false;
  protected readonly picture: PictureWatch;
  /** Transports that refused the stream for its codec: the next attempt takes the next one. */
  private readonly fallback = new TransportFallback();
  /** New players ask for the stream's sound (the wall's audible tile). */
  protected audio: boolean;
  /** Which player decodes this tile's FLV: the wall's choice, until WebCodecs failed on it (then 'mse'). */
  private flvDecoder: 'webcodecs' | 'mse' | undefined;

  protected readonly timers: TileTimers<'retry' | 'start' | 'stable' | 'hidden'>;
  /** The beat frame progress is read at: the wall's, shared by its tiles, or one of this tile's own. */
  private readonly ticker: WallTicker;
  private stopTick: (() => void) | null = null;

  protected readonly onVideoError = () => this.handleVideoError();

  constructor(protected readonly deps: TileSupervisorDeps) {
    this.settings = { ...DEFAULT_SUPERVISOR_SETTINGS, ...deps.settings };
    this.order = deps.order;
    this.clock = deps.clock ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.picture = new PictureWatch(
      {
        snapshot: () => this.snap,
        setState: (patch) => this.setState(patch),
        sawFrame: (at) => (this.snap = { ...this.snap, lastFrameAt: at }),
        log: (line) => this.log(line),
        settings: () => this.settings,
      },
      this.clock,
      this.settings.liveness,
    );
    this.audio = deps.playerOptions?.audio ?? false;
    this.flvDecoder = deps.playerOptions?.flvDecoder;
    const prefix = `[wall]${deps.label ? ` ${deps.label}` : ''}`;
    const sink = deps.log ?? ((line: string) => console.info(line));
    this.log = (line) => sink(`${prefix} ${line}`);
    this.timers = new TileTimers(this.clock);
    this.ticker = deps.ticker ?? new WallTicker(this.clock, this.settings.tickMs);
    this.snap = idleSnapshot(this.clock.now());
    deps.video.addEventListener('error', this.onVideoError);
  }

  // ---- attempts -------------------------------------------------------------------------------

  protected beginAttempt(state: 'starting' | 'reconnecting' | 'stalled' | 'failed'): void {
    this.timers.clear('retry');
    if (!this.wanted || this.destroyed) return;
    if (this.deps.refusal?.refused()) {
      this.holdRefused(null);
      return;
    }
    this.setState({
      state,
      nextRetryAt: null,
      ...(state === 'starting' ? { reason: null, detail: null } : {}),
    });
    const generation = this.generation;
    // Ask for the URLs now, not once a start slot is free: the platform's answer (a GB28181 platform
    // may first have to invite the camera) then overlaps the other tiles' starts, and the slot gates
    // only opening the stream (see StartScheduler), until the stream answers or shows a frame.
    const urls = this.playback ? null : requestUrls(this.deps.startStream);
    const admit = () => {
      if (generation !== this.generation || !this.wanted) {
        this.slot.releaseTicket();
        return;
      }
      void this.runAttempt(generation, urls);
    };
    const ticket = this.deps.scheduler
      ? this.deps.scheduler.request(admit, this.deps.startPriority?.() ?? 0)
      : null;
    this.slot.ticket = ticket;
    if (!this.deps.scheduler) queueMicrotask(admit);
    // Refused while still waiting for a slot: say so now rather than after the wait.
    void urls?.then((result) => {
      if (!result.ok && generation === this.generation && ticket && !ticket.admitted)
        this.fail(failureFromStartError(result.error));
    });
  }

  private async runAttempt(generation: number, urls: Promise<Result<StartedStream>> | null): Promise<void> {
    this.timers.set('start', this.settings.startTimeoutMs, () => {
      if (generation !== this.generation) return;
      const seconds = Math.round(this.settings.startTimeoutMs / 1000);
      this.fail({ reason: 'network', detail: `no video arrived within ${seconds} s` });
    });

    if (!this.playback) {
      const result = await (urls ?? requestUrls(this.deps.startStream));
      if (generation !== this.generation) return;
      if (!result.ok) {
        this.fail(failureFromStartError(result.error));
        return;
      }
      this.playback = result.value;
      this.urlSetFailures = 0;
    }

    const choice = pickSource(this.playback, {
      fallback: this.fallback,
      order: this.effectiveOrder(),
      configuredOrder: this.deps.order,
      capabilities: this.deps.capabilities,
      budget: this.deps.budget,
    });
    if (!choice.ok) {
      if (choice.note) this.log(choice.note);
      this.fail(choice.failure);
      return;
    }

    const { candidate } = choice;
    this.slot.lease = choice.lease;
    this.setState({ transport: candidate.transport, tls: candidate.tls, url: redactUrl(candidate.url) });
    this.log(`attempt ${this.snap.attempt + 1}: ${candidate.transport} ${redactUrl(candidate.url)}`);

    let player: Player;
    try {
      player = this.deps.createPlayer(
        { url: candidate.url, transport: candidate.transport, tls: candidate.tls },
        {
          ...this.deps.playerOptions,
          audio: this.audio,
          ...(this.flvDecoder && { flvDecoder: this.flvDecoder }),
          now: () => this.clock.now(),
        },
      );
    } catch (error) {
      this.fail({ reason: 'media-error', detail: error instanceof Error ? error.message : String(error) });
      return;
    }
    this.slot.player = player;
    this.picture.newPlayer(player, this.deps.rateFor?.());
    this.slot.listen([
      player.on('error', (error) => {
        if (generation === this.generation) this.fail(failureFromPlayerError(error));
      }),
      player.on('first-frame', ({ at }) => {
        if (generation === this.generation) this.firstFrame(at);
      }),
      player.on('connected', () => {
        // The handshake is done: the start slot can open the next tile's connection.
        if (generation === this.generation) this.slot.releaseTicket();
      }),
      player.on('media-info', (info) => {
        if (generation !== this.generation) return;
        // The stream answered: the connection is made, so its start slot can open the next tile's.
        this.slot.releaseTicket();
        const refused = info.videoCodec ? refusedCodec(info.videoCodec, this.deps.capabilities) : null;
        if (refused)
          this.fail({ reason: 'codec-unsupported', detail: refused, persistent: true, freshUrls: true });
      }),
    ]);
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
    this.timers.clear('start');
    this.slot.releaseTicket();
    this.demotion.played(this.snap.transport!);
    this.picture.restartWatch(at);
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
    this.timers.clear('stable');
    this.timers.set('stable', this.settings.stableAfterMs, () => {
      // Played long enough: the next fault starts the backoff from the beginning.
      this.resetAttempts();
      if (this.snap.attempt !== 0) this.setState({ attempt: 0 });
    });
  }

  private scheduleTick(generation: number): void {
    this.stopTick?.();
    this.stopTick = this.ticker.add(() => {
      if (generation === this.generation) this.tick();
    });
  }

  /** Read frame progress; detect a first frame the events missed, and stalls. */
  private tick(): void {
    const stats = this.picture.read(this.slot.player);
    if (!stats) return;
    const now = this.clock.now();
    if (this.snap.state !== 'playing') {
      if (stats.lastFrameAt !== null && stats.decodedFrames > 0) this.firstFrame(stats.lastFrameAt);
      return;
    }
    if (!this.visible) return;
    if (this.picture.stalled(now, this.snap.lastFrameAt)) {
      const seconds = Math.round((now - (this.snap.lastFrameAt ?? now)) / 1000);
      this.fail({ reason: 'stalled', detail: `no new frame for ${seconds} s` });
      return;
    }
    if (this.picture.watchLiveness(this.slot.player, stats, now) === 'reconnect')
      this.replacePlayer('catch-up');
  }

  /**
   * A planned new player, not a fault (the sound changed, or the picture fell behind live): the same
   * URLs, no backoff, no attempt counted. A tile not playing takes the change at its next attempt.
   */
  protected replacePlayer(why: 'audio' | 'catch-up'): void {
    if (!this.wanted || this.destroyed || !this.slot.player) return;
    const state = this.carryOn();
    this.teardown();
    this.setState({ restart: why });
    this.beginAttempt(state);
  }

  private handleVideoError(): void {
    const error = this.deps.video.error;
    // A load() by a new player clears `error`: an event with no error left is from a torn-down player.
    if (!this.slot.player || !error) return;
    this.fail(failureFromVideoError(error));
  }

  // ---- failure and recovery -----------------------------------------------------------------

  private fail(given: Failure): void {
    if (!this.wanted || this.destroyed) return;
    // The core knew before trying that these URLs name a host not reachable from here (a media
    // server behind NAT): a network fault on them is that, said in words, not a bare "network".
    const hint = this.playback?.mediaHostHint;
    let failure: Failure =
      hint && given.reason === 'network' ? { ...given, detail: hint, detailByPlatform: false } : given;
    const transport = this.snap.transport;
    const hadPicture = this.pictureThisAttempt;
    this.teardown();
    if (
      failure.otherDecoder &&
      this.flvDecoder !== 'mse' &&
      (transport === 'flv' || transport === 'ws-flv')
    ) {
      // WebCodecs could not decode this camera's FLV: the same transport through mpegts.js, now, and
      // from then on for this tile (until a fresh start).
      this.flvDecoder = 'mse';
      this.setState({ restart: null });
      this.log(
        `${transport}: WebCodecs could not decode the stream (${failure.detail}); playing it through mpegts.js`,
      );
      this.beginAttempt(this.carryOn());
      return;
    }
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
      failure = exhaustedFailure(this.fallback);
    }

    if (failure.reason === 'auth' && this.deps.refusal) {
      // Asking again with credentials the platform refused trips a real platform's account lockout:
      // the whole profile holds (this tile and every other of it) until it changes or Retry.
      this.playback = null;
      this.urlSetFailures = 0;
      this.deps.refusal.refuse(failure.detail);
      this.holdRefused(failure.detail);
      return;
    }

    const attempt = this.snap.attempt + 1;
    if (!hadPicture && transport) this.demotion.failedBeforePicture(transport);
    if (this.playback) {
      this.urlSetFailures += 1;
      if (failure.freshUrls || this.urlSetFailures >= this.settings.attemptsPerUrlSet) {
        this.playback = null;
        this.urlSetFailures = 0;
      }
    }

    const plan = planRecovery(failure, attempt, this.snap.state, this.settings, this.random);
    const { delay, state } = plan;
    const nextRetryAt = this.clock.now() + delay;
    const troubleSince = this.snap.troubleSince ?? this.clock.now();
    this.setState({
      state,
      reason: failure.reason,
      detail: failure.detail,
      detailByPlatform: failure.detailByPlatform === true,
      attempt,
      nextRetryAt,
      troubleSince,
      restart: null,
      tried: this.fallback.tried(),
    });
    this.log(recoveryText(plan, failure, attempt));
    this.timers.set('retry', delay, () => {
      // After the long wait every transport gets its chance again: the stream may have changed.
      if (plan.unplayable) this.fallback.clear();
      this.beginAttempt(this.retryState());
    });
  }

  /** Hold the tile, asking nothing: its profile's credentials were refused (ProfileRefusals). */
  private holdRefused(detail: string | null): void {
    const refusedHere = detail !== null;
    if (
      this.snap.state === 'failed' &&
      this.snap.reason === 'auth' &&
      this.snap.nextRetryAt === null &&
      !refusedHere
    )
      return;
    this.setState({
      state: 'failed',
      reason: 'auth',
      detail: detail ?? this.snap.detail ?? 'another tile of this profile was refused',
      attempt: refusedHere ? this.snap.attempt + 1 : this.snap.attempt,
      nextRetryAt: null,
      troubleSince: this.snap.troubleSince ?? this.clock.now(),
      restart: null,
    });
    this.log('credentials refused: no more attempts until the profile changes or Retry');
  }

  /** Held for a refused profile: failed on `auth` with no retry scheduled. */
  protected get heldRefused(): boolean {
    return (
      this.wanted &&
      !this.destroyed &&
      this.snap.state === 'failed' &&
      this.snap.reason === 'auth' &&
      !this.timers.has('retry') &&
      this.slot.player === null
    );
  }

  /** The transport the next attempt would take, leaving out those that refused; null if none. */
  private nextTransport(): PlaybackTransport | null {
    if (!this.playback) return null;
    const options = {
      fallback: this.fallback,
      order: this.effectiveOrder(),
      capabilities: this.deps.capabilities,
    };
    return nextTransport(this.playback, options);
  }

  /** The state of a new player that is no fault's recovery: a playing or starting tile is starting. */
  private carryOn(): 'starting' | 'reconnecting' | 'stalled' | 'failed' {
    const state = this.snap.state;
    return state === 'playing' || state === 'starting' ? 'starting' : this.retryState();
  }

  /** The state of the next attempt: it carries on what the tile is recovering from. */
  protected retryState(): 'reconnecting' | 'stalled' | 'failed' {
    const state = this.snap.state;
    return state === 'failed' || state === 'stalled' ? state : 'reconnecting';
  }

  /** Destroy the player and give back its connection lease and start slot. */
  protected teardown(): void {
    this.generation += 1;
    this.pictureThisAttempt = false;
    this.timers.clear('start');
    this.stopTick?.();
    this.stopTick = null;
    this.timers.clear('stable');
    this.picture.clear();
    this.slot.release(this.log);
  }

  private pauseHidden(): void {
    if (!this.wanted || this.snap.state === 'paused-hidden') return;
    this.teardown();
    this.timers.clear('retry');
    this.setState({ state: 'paused-hidden', reason: null, detail: null, nextRetryAt: null });
    this.log('hidden: stream stopped');
  }

  protected armHiddenTimer(): void {
    this.timers.clear('hidden');
    this.timers.set('hidden', this.settings.hiddenGraceMs, () => {
      if (!this.visible) this.pauseHidden();
    });
  }

  /** The user's order, with transports that keep failing before any frame moved to the end. */
  private effectiveOrder(): PlaybackTransport[] {
    return this.demotion.order(this.order, this.settings.demoteAfterFailures);
  }

  /** Start afresh (start, shown again): past failures, refused transports and catch-ups forgotten. */
  protected freshStart(): void {
    this.resetAttempts();
    this.fallback.clear();
    this.flvDecoder = this.deps.playerOptions?.flvDecoder;
    this.picture.reset();
    this.snap = { ...this.snap, attempt: 0, tried: [], catchUps: 0, lastCatchUp: null };
  }

  /** Forget past failures (the caller publishes `attempt: 0`). */
  private resetAttempts(): void {
    this.urlSetFailures = 0;
    this.demotion.clear();
  }

  protected setState(patch: Partial<TileSnapshot>): void {
    const next = nextSnapshot(this.snap, patch, this.clock.now());
    this.snap = next;
    this.listeners.emit('change', next);
  }
}
