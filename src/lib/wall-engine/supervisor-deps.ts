import type { ChannelOutput, Result } from '../../../electron/shared/contract';
import type { PictureRate, PlayerFactory, PlayerOptions } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import type { RuntimeCapabilities } from './capabilities';
import type { EngineClock } from './clock';
import type { ConnectionBudget } from './connection-budget';
import type { DegradedReason } from './decode-budget';
import type { StartScheduler } from './start-scheduler';
import type { SupervisorSettings } from './supervisor-settings';
import type { WallTicker } from './wall-ticker';

/** What streams:start answers: the stream's URLs, and why they cannot be reached from here when known. */
export type StartedStream = ChannelOutput<'streams:start'>;

export interface TileSupervisorDeps {
  /** The tile's `<video>`; the supervisor attaches each new player to it. */
  video: HTMLVideoElement;
  /** Calls streams:start for this tile's device (fresh URLs each call). */
  startStream: () => Promise<Result<StartedStream>>;
  /** Usually `createPlayer` from src/lib/players. */
  createPlayer: PlayerFactory;
  playerOptions?: PlayerOptions;
  /** Shared by all tiles of the page. */
  budget: ConnectionBudget;
  /** Shared by all tiles of the page; without one each tile starts at once. */
  scheduler?: StartScheduler;
  /** The user's transport order (settings.transportOrder). */
  order: readonly PlaybackTransport[];
  capabilities: RuntimeCapabilities;
  settings?: Partial<SupervisorSettings>;
  clock?: EngineClock;
  /**
   * The beat at which the tile reads its frame progress, shared by the wall's tiles (one timer for all
   * of them); without one the tile keeps its own, every `settings.tickMs`.
   */
  ticker?: WallTicker;
  random?: () => number;
  /** A name for log lines (the device key). */
  label?: string;
  log?: (line: string) => void;
  /** Called once by destroy() (the WallEngine forgets the tile). */
  onDestroy?: () => void;
  /**
   * The rate a new player of this tile starts at (the WallEngine's decode budget); default: the rate
   * last set with `setRate`.
   */
  rateFor?: () => { rate: PictureRate; reason: DegradedReason | null };
  /**
   * This tile's place in the start queue (StartScheduler: higher opens first); read at each attempt.
   * Default 0: request order.
   */
  startPriority?: () => number;
  /**
   * The tile's profile as the engine's ProfileRefusals sees it: whether its credentials were refused
   * (the tile then holds, asking nothing), and where to report a refusal. Without one every tile
   * retries an auth refusal on its own backoff.
   */
  refusal?: {
    refused(): boolean;
    refuse(detail: string): void;
    /** The operator's Retry on a held tile: ask again with this profile (every tile of it). */
    lift(): void;
  };
}
