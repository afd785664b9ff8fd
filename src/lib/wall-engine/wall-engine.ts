import type { Result } from '../../../electron/shared/contract';
import type { StreamPlayback } from '../../../electron/shared/domain';
import { createPlayer } from '../players/create-player';
import type { PlayerFactory, PlayerOptions } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import { detectCapabilities, type RuntimeCapabilities } from './capabilities';
import type { EngineClock } from './clock';
import { ConnectionBudget, type ConnectionBudgetOptions } from './connection-budget';
import { StartScheduler } from './start-scheduler';
import { TileSupervisor, type SupervisorSettings, type TileState } from './tile-supervisor';

export interface WallEngineOptions {
  /** The user's transport order (settings.transportOrder). */
  order: readonly PlaybackTransport[];
  /** settings.hiddenTileGraceSeconds × 1000. */
  hiddenGraceMs?: number;
  /** Default: probed from this page. */
  capabilities?: RuntimeCapabilities;
  /** Default: the real players (mpegts.js, hls.js, native, ws-fmp4). */
  createPlayer?: PlayerFactory;
  playerOptions?: PlayerOptions;
  /** Tiles opening their stream at once (default 6: see StartScheduler on Chromium's throttle). */
  startConcurrency?: number;
  /** A start slot is handed on after this long without an answer from the stream (default 2 s). */
  startSlotTimeoutMs?: number;
  budget?: ConnectionBudgetOptions;
  settings?: Partial<SupervisorSettings>;
  clock?: EngineClock;
  log?: (line: string) => void;
}

export interface TileOptions {
  video: HTMLVideoElement;
  /** streams:start for this tile's device: `() => api.streams.start({ deviceKey, sipId, channelId })`. */
  startStream: () => Promise<Result<StreamPlayback>>;
  /** For log lines: the device key. */
  label?: string;
}

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
  private readonly tiles = new Set<TileSupervisor>();

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
  }

  /** A supervisor for one tile. It is idle until `start()`; `destroy()` it when the tile goes away. */
  createTile(tile: TileOptions): TileSupervisor {
    const supervisor = new TileSupervisor({
      video: tile.video,
      startStream: tile.startStream,
      label: tile.label,
      createPlayer: this.options.createPlayer ?? createPlayer,
      playerOptions: this.options.playerOptions,
      budget: this.budget,
      scheduler: this.scheduler,
      order: this.order,
      capabilities: this.capabilities,
      settings: this.settings,
      clock: this.options.clock,
      log: this.options.log,
      onDestroy: () => this.tiles.delete(supervisor),
    });
    this.tiles.add(supervisor);
    return supervisor;
  }

  /** New settings for every tile, from their next attempt on. */
  update(change: { order?: readonly PlaybackTransport[]; hiddenGraceMs?: number }): void {
    if (change.order) this.order = change.order;
    if (change.hiddenGraceMs !== undefined)
      this.settings = { ...this.settings, hiddenGraceMs: change.hiddenGraceMs };
    for (const tile of this.tiles) tile.configure({ order: this.order, settings: this.settings });
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
    for (const tile of [...this.tiles]) if (test(tile)) count += 1;
    return count;
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
    for (const tile of this.tiles) counts[tile.snapshot().state] += 1;
    return counts;
  }

  /** Destroy every tile made here. */
  destroy(): void {
    for (const tile of [...this.tiles]) tile.destroy();
  }
}
