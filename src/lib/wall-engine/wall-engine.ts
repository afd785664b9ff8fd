import { createPlayer } from '../players/create-player';
import { Emitter } from '../players/emitter';
import { PRESENT_EVERY_MS, type PictureRate } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import { loadWords } from './load-words';
import { detectCapabilities, type RuntimeCapabilities } from './capabilities';
import { systemClock, type EngineClock, type TimerHandle } from './clock';
import { ConnectionBudget } from './connection-budget';
import { DecodeBudget, type BudgetDecision, type DegradedReason, type LoadReading } from './decode-budget';
import { FrameLoadReader } from './frame-load';
import { LoadMonitor, type LoadSource } from './load-monitor';
import { traceLoad } from './load-trace';
import { anyStarting, budgetTile, heldAtStart, planFor, START_OVERVIEW, wantsPicture } from './rate-plan';
import { ProfileRefusals, type ProfileRefusal } from './profile-refusals';
import { StartScheduler } from './start-scheduler';
import { tileEventOf } from './tile-events';
import { WallTicker } from './wall-ticker';
import { areaOf, isStartingUp, startPriorityOf, type TileRecord } from './tile-record';
import {
  TileSupervisor,
  type SupervisorSettings,
  type TileSnapshot,
  type TileState,
} from './tile-supervisor';
import type {
  BudgetStatus,
  RateChange,
  TileEvent,
  TileFigure,
  TileFocus,
  TileOptions,
  WallEngineOptions,
} from './wall-engine-types';

export type {
  BudgetStatus,
  RateChange,
  TileEvent,
  TileFigure,
  TileFocus,
  TileOptions,
  WallEngineOptions,
} from './wall-engine-types';

/** Tiles made within this long of each other were assigned together (a wall loading). */
const ASSIGN_BATCH_MS = 5_000;
/** The load is not read while tiles start, nor for this long after the last one started. */
const START_SETTLE_MS = 5_000;
/**
 * The playback engine of one page (one wall window): the connection budget and the start scheduler
 * its tiles share, the runtime's capabilities, and the settings. Make one per page; make a
 * TileSupervisor per tile with `createTile`.
 */
export class WallEngine {
  readonly budget: ConnectionBudget;
  readonly scheduler: StartScheduler;
  readonly capabilities: RuntimeCapabilities;
  private order: readonly PlaybackTransport[];
  private settings: Partial<SupervisorSettings>;
  /** Every tile made here and not yet destroyed. */
  private readonly records = new Map<TileSupervisor, TileRecord>();
  private readonly clock: EngineClock;
  private readonly decodeBudget: DecodeBudget;
  private readonly frameLoad = new FrameLoadReader();
  private loadSource: LoadSource | null;
  private lastLoad: LoadReading = { level: 'healthy', score: 0, reason: null };
  private budgetTimer: TimerHandle | null = null;
  private readonly ticker: WallTicker;
  /** The beat the players that show their own decoded pictures look for a due one at (all tiles at once). */
  private readonly presentBeat: WallTicker;
  private readonly events = new Emitter<{ rate: RateChange; tile: TileEvent }>((error) =>
    console.error('[wall] a rate or tile event listener failed:', error),
  );
  private nextId = 1;
  private lastStartingAt = -Infinity;
  private batchAt = -Infinity;
  private lastCreatedAt = -Infinity;
  private promotionQueued = false;
  private readonly log: (line: string) => void;
  /** Profiles whose credentials were refused: their tiles hold until the profile changes or Retry. */
  private readonly refusals = new ProfileRefusals();

  constructor(private readonly options: WallEngineOptions) {
    this.budget = new ConnectionBudget(options.budget);
    this.scheduler = new StartScheduler({
      concurrency: options.startConcurrency,
      slotTimeoutMs: options.startSlotTimeoutMs,
      clock: options.clock,
    });
    this.capabilities = options.capabilities ?? detectCapabilities();
    this.order = options.order;
    this.settings = {
      ...options.settings,
      ...(options.hiddenGraceMs !== undefined ? { hiddenGraceMs: options.hiddenGraceMs } : {}),
    };
    this.clock = options.clock ?? systemClock;
    this.ticker = new WallTicker(this.clock, this.settings.tickMs);
    this.presentBeat = new WallTicker(this.clock, PRESENT_EVERY_MS, true);
    this.log = options.log ?? ((line) => console.info(line));
    this.decodeBudget = new DecodeBudget(
      options.decodeBudget === false ? { enabled: false } : (options.decodeBudget ?? {}),
    );
    // The load monitor is made with the first tile (its observers cost nothing until then).
    this.loadSource = options.loadSource ?? null;
    this.refusals.onLifted((profile) => {
      for (const record of [...this.records.values()])
        if (record.profile === profile) record.supervisor.refusalLifted();
    });
  }

  /** Profiles whose credentials the platform refused (the wall's one notice for each). */
  profileRefusals(): readonly ProfileRefusal[] {
    return this.refusals.list();
  }

  /** Called whenever a profile is refused or asked again. Returns the unsubscribe. */
  onProfileRefusals(listener: (refusals: readonly ProfileRefusal[]) => void): () => void {
    return this.refusals.onChange(listener);
  }

  /**
   * Ask the platform again with this profile (it changed, or the operator pressed Retry): every tile
   * of it held for the refusal tries now. Returns whether it was refused.
   */
  liftRefusal(profile: string): boolean {
    return this.refusals.lift(profile);
  }

  /** Tiles of this profile held for its refusal. */
  heldForProfile(profile: string): number {
    let count = 0;
    for (const record of this.records.values()) {
      const snap = record.supervisor.snapshot();
      if (record.profile === profile && snap.state === 'failed' && snap.reason === 'auth') count += 1;
    }
    return count;
  }

  /** A supervisor for one tile. It is idle until `start()`; `destroy()` it when the tile goes away. */
  createTile(tile: TileOptions): TileSupervisor {
    const now = this.clock.now();
    if (now - this.lastCreatedAt > ASSIGN_BATCH_MS) this.batchAt = now;
    this.lastCreatedAt = now;
    const id = tile.id ?? `tile-${String(this.nextId++).padStart(4, '0')}`;
    const profile = tile.profile ?? '';
    let record: TileRecord | null = null;
    const supervisor: TileSupervisor = new TileSupervisor({
      video: tile.video,
      startStream: tile.startStream,
      label: tile.label,
      createPlayer: this.options.createPlayer ?? createPlayer,
      playerOptions: { beat: (tick) => this.presentBeat.add(tick), ...this.options.playerOptions },
      budget: this.budget,
      scheduler: this.scheduler,
      order: this.orderFor(tile.transport),
      capabilities: this.capabilities,
      settings: this.settings,
      clock: this.options.clock,
      ticker: this.ticker,
      log: this.options.log,
      rateFor: () =>
        record
          ? planFor(record, [...this.records.values()], this.decodeBudget, this.options)
          : { rate: 'full', reason: null },
      startPriority: () => (record ? startPriorityOf(record) : 0),
      onDestroy: () => this.forget(supervisor),
      refusal: {
        refused: () => this.refusals.isRefused(profile),
        refuse: (detail) => {
          if (this.refusals.refuse(profile, detail, this.clock.now()))
            this.log(
              `[wall] the platform refused the credentials of profile ${profile || '(active)'}: tiles of it hold`,
            );
        },
        lift: () => void this.refusals.lift(profile),
      },
    });
    record = {
      supervisor,
      id,
      label: tile.label ?? null,
      profile,
      video: tile.video,
      assignedAt: tile.assignedAt ?? this.batchAt,
      area: areaOf(tile.video),
      pin: null,
      selected: false,
      maximised: false,
      resize: null,
      frames: null,
      decision: null,
      figure: null,
      lastState: supervisor.snapshot().state,
      lostAt: null,
      startOverview: false,
      transport: tile.transport,
    };
    const watched = record;
    supervisor.subscribe((snap) => this.noteState(watched, snap));
    this.watchArea(record);
    this.records.set(supervisor, record);
    this.ensureBudgetTimer();
    return supervisor;
  }

  /**
   * Pin a tile to full rate or to overview pictures, whatever the load; null gives it back to the
   * budget. `tile` is its id or its supervisor.
   */
  pinRate(tile: string | TileSupervisor, rate: PictureRate | null): void {
    const record = this.recordOf(tile);
    if (!record || record.pin === rate) return;
    record.pin = rate;
    this.log(
      `[wall] ${record.label ?? record.id}: ${rate ? `pinned to ${rate === 'full' ? 'full rate' : 'overview'}` : 'unpinned'}`,
    );
    this.applyBudget(null);
  }

  /** The tile's pin (null: the budget decides). */
  pinOf(tile: string | TileSupervisor): PictureRate | null {
    return this.recordOf(tile)?.pin ?? null;
  }

  /**
   * The operator's focus: the selected and the maximised tile always play at full rate, and the
   * budget looks elsewhere first. Set what changed; the rest stays.
   */
  setTileFocus(tile: string | TileSupervisor, focus: TileFocus): void {
    const record = this.recordOf(tile);
    if (!record) return;
    const selected = focus.selected ?? record.selected;
    const maximised = focus.maximised ?? record.maximised;
    if (selected === record.selected && maximised === record.maximised) return;
    record.selected = selected;
    record.maximised = maximised;
    // A maximised tile is larger at once: read its size now rather than at the next resize report.
    record.area = areaOf(record.video);
    this.applyBudget(null);
  }

  /** Turn the automatic decode budget on or off (the setting); off, only pins move tiles to overview. */
  setDecodeBudget(enabled: boolean): void {
    if (enabled === this.decodeBudget.enabled) return;
    this.decodeBudget.setEnabled(enabled);
    this.log(`[wall] decode budget ${enabled ? 'on' : 'off'}`);
    this.applyBudget(null);
  }

  /** The decode budget and the load at a glance. */
  budgetStatus(): BudgetStatus {
    const byReason: Record<DegradedReason, number> = { load: 0, 'start-up': 0, pinned: 0 };
    let degraded = 0;
    for (const tile of this.records.keys()) {
      const snap = tile.snapshot();
      if (snap.rate !== 'overview' || !wantsPicture(snap.state)) continue;
      degraded += 1;
      byReason[snap.degradedReason ?? 'load'] += 1;
    }
    return {
      enabled: this.decodeBudget.enabled,
      load: this.lastLoad.level,
      score: this.lastLoad.score,
      // Worded now, in the app's language: the status bar reads it after a language switch too.
      loadReason: loadWords(this.lastLoad),
      degraded,
      byReason,
      reason: loadWords(this.decodeBudget),
      capacity: Math.round(this.decodeBudget.capacity * 100) / 100,
    };
  }

  /** Called on every change of a tile's rate (for the operator's log). Returns the unsubscribe. */
  onRateChange(listener: (change: RateChange) => void): () => void {
    return this.events.on('rate', listener);
  }

  /**
   * Called when a tile goes stale, fails or recovers (for the operator's log). Returns the
   * unsubscribe. A tile that never played and is still trying says nothing until it fails.
   */
  onTileEvent(listener: (event: TileEvent) => void): () => void {
    return this.events.on('tile', listener);
  }

  /** What each playing tile decoded at the last reading (about a second old): the status bar's figures. */
  tileFigures(): TileFigure[] {
    const figures: TileFigure[] = [];
    for (const record of this.records.values()) if (record.figure) figures.push(record.figure);
    return figures;
  }

  private noteState(record: TileRecord, snap: TileSnapshot): void {
    const from = record.lastState;
    const event = tileEventOf(record, snap, this.clock);
    if (snap.state !== from && snap.state === 'playing') this.queuePromotion();
    if (event) this.events.emit('tile', event);
  }

  /** The load now: sample the tiles, let the budget decide, apply its rates. Runs every second. */
  private budgetTick(): void {
    this.loadSource ??= new LoadMonitor();
    const now = this.clock.now();
    const frames = this.frameLoad.read(this.records.values(), now);
    // While tiles are starting (and for a few seconds after), first pictures, connects and
    // catching up make any wall look overloaded: the load is read from when the wall has settled.
    // A planned new player (the sound changed, a catch-up) is no start: a wall falling behind live
    // catches up all the time, and must not stop the load from being read.
    if ([...this.records.values()].some((r) => isStartingUp(r.supervisor.snapshot())))
      this.lastStartingAt = now;
    if (now - this.lastStartingAt < START_SETTLE_MS) {
      this.lastLoad = { level: 'healthy', score: 0, reason: null };
      this.applyBudget(null);
      return;
    }
    this.lastLoad = this.loadSource.sample(frames, now);
    this.applyBudget(this.lastLoad);
  }

  /** Decide the rates (with a new load reading, or for the present capacity) and apply them. */
  private applyBudget(load: LoadReading | null): void {
    const now = this.clock.now();
    const active = [...this.records.values()].filter((r) => wantsPicture(r.supervisor.snapshot().state));
    const decisions = this.decodeBudget.update(
      now,
      load,
      active.map((r) => budgetTile(r)),
    );
    for (const change of this.decodeBudget.takeChanges())
      this.log(
        `[wall] decode budget: ${change.kind} (${change.reason}); capacity ${change.capacity.toFixed(1)} full-rate tiles`,
      );
    if (load) traceLoad(load, this.decodeBudget.capacity, decisions);
    for (const record of active) {
      const decision = heldAtStart(record, this.records.values(), now)
        ? START_OVERVIEW
        : decisions.get(record.id);
      if (decision) this.applyDecision(record, decision, now);
    }
  }

  /** A tile began to play: once the wall is up, its tiles started with overview pictures may come back. */
  private queuePromotion(): void {
    if (this.promotionQueued) return;
    if (![...this.records.values()].some((r) => r.startOverview)) return;
    this.promotionQueued = true;
    queueMicrotask(() => {
      this.promotionQueued = false;
      if (this.records.size > 0 && !anyStarting(this.records.values())) this.applyBudget(null);
    });
  }

  private applyDecision(record: TileRecord, decision: BudgetDecision, now: number): void {
    const before = record.decision;
    record.decision = decision;
    if (before && before.rate === decision.rate && before.reason === decision.reason) return;
    const supervisor = record.supervisor;
    const wasRate = supervisor.snapshot().rate ?? 'full';
    supervisor.setRate(decision.rate, decision.reason);
    const rate = supervisor.snapshot().rate ?? 'full';
    if (rate === wasRate && before !== null) return;
    if (rate === wasRate && rate === 'full') return;
    this.events.emit('rate', {
      at: now,
      tileId: record.id,
      label: record.label,
      rate,
      reason: rate === 'overview' ? decision.reason : null,
      detail: decision.reason === 'load' ? this.decodeBudget.reason : null,
      cause: decision.reason === 'load' ? this.decodeBudget.cause : null,
    });
  }

  private ensureBudgetTimer(): void {
    if (this.budgetTimer !== null) return;
    const interval = this.options.budgetIntervalMs ?? 1_000;
    const run = () => {
      this.budgetTimer = null;
      if (this.records.size === 0) return;
      try {
        this.budgetTick();
      } catch (error) {
        console.error('[wall] the decode budget failed:', error);
      }
      if (this.records.size > 0 && this.budgetTimer === null)
        this.budgetTimer = this.clock.setTimeout(run, interval);
    };
    this.budgetTimer = this.clock.setTimeout(run, interval);
  }

  private watchArea(record: TileRecord): void {
    if (typeof ResizeObserver === 'undefined') return;
    try {
      record.resize = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (box) record.area = Math.round(box.width * box.height);
      });
      record.resize.observe(record.video);
    } catch {
      record.resize = null;
    }
  }

  private recordOf(tile: string | TileSupervisor): TileRecord | null {
    if (typeof tile !== 'string') return this.records.get(tile) ?? null;
    for (const record of this.records.values()) if (record.id === tile) return record;
    return null;
  }

  /** A tile went away: forget it, and let the tiles left take up what it cost. */
  private forget(supervisor: TileSupervisor): void {
    const record = this.records.get(supervisor);
    this.records.delete(supervisor);
    record?.resize?.disconnect();
    if (this.records.size === 0) {
      if (this.budgetTimer !== null) this.clock.clearTimeout(this.budgetTimer);
      this.budgetTimer = null;
      this.frameLoad.reset();
      return;
    }
    if (record) this.applyBudget(null);
  }

  /** New settings for every tile, from their next attempt on. */
  update(change: { order?: readonly PlaybackTransport[]; hiddenGraceMs?: number }): void {
    if (change.order) this.order = change.order;
    if (change.hiddenGraceMs !== undefined)
      this.settings = { ...this.settings, hiddenGraceMs: change.hiddenGraceMs };
    for (const [tile, record] of this.records)
      tile.configure({ order: this.orderFor(record.transport), settings: this.settings });
  }

  /** The settings' order, with a tile's own transport (TileOptions.transport) first. */
  private orderFor(own: PlaybackTransport | undefined): readonly PlaybackTransport[] {
    return own ? [own, ...this.order.filter((t) => t !== own)] : this.order;
  }

  /**
   * The computer's network came back: every tile waiting out a backoff after a network fault tries
   * again now (through the start scheduler, so in waves). Returns how many did.
   */
  networkRestored(): number {
    return this.countTiles((tile) => tile.networkRestored());
  }

  /**
   * The operator's "Retry now" for the whole wall (the platform or a media server is back, and no
   * `online` event says so): every tile waiting out a backoff tries again now, whatever its fault.
   * Returns how many did.
   */
  retryAllNow(): number {
    return this.countTiles((tile) => tile.retryIfWaiting());
  }

  /** How many tiles are waiting out a backoff: what `retryAllNow` would retry. */
  waitingToRetry(): number {
    return this.countTiles((tile) => tile.waitingToRetry);
  }

  /** Apply `test` to every tile (it may act on it); how many said yes. */
  private countTiles(test: (tile: TileSupervisor) => boolean): number {
    let count = 0;
    for (const tile of [...this.records.keys()]) if (test(tile)) count += 1;
    return count;
  }

  /**
   * Playing tiles whose picture is behind live (past the liveness margin): the status bar's "3 tiles
   * behind live"; they are not counted as live.
   */
  behindLive(): number {
    return this.countTiles((tile) => tile.snapshot().state === 'playing' && tile.snapshot().behind === true);
  }

  /** How many of this page's tiles are in each state: the wall's health at a glance. */
  health(): Record<TileState, number> {
    const counts: Record<TileState, number> = {
      idle: 0,
      starting: 0,
      playing: 0,
      stalled: 0,
      reconnecting: 0,
      failed: 0,
      'paused-hidden': 0,
    };
    for (const tile of this.records.keys()) counts[tile.snapshot().state] += 1;
    return counts;
  }

  /** Each tile's label (its device key) and state: what a room screen reports of its tiles. */
  tileStates(): { label: string | null; state: TileState }[] {
    return [...this.records.values()].map((r) => ({ label: r.label, state: r.supervisor.snapshot().state }));
  }

  /** Destroy every tile made here, and stop reading the load. */
  destroy(): void {
    for (const tile of [...this.records.keys()]) tile.destroy();
    if (this.budgetTimer !== null) this.clock.clearTimeout(this.budgetTimer);
    this.budgetTimer = null;
    this.loadSource?.stop();
    this.loadSource = this.options.loadSource ?? null;
  }
}
