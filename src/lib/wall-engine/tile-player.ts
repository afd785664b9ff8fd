import type { Player } from '../players/player';
import type { ConnectionLease } from './connection-budget';
import type { StartTicket } from './start-scheduler';

/**
 * What one attempt of a tile holds: its start slot, its connection lease, its player and the
 * player's listeners. `release` gives all of it back, in that order.
 */
export class TilePlayer {
  player: Player | null = null;
  lease: ConnectionLease | null = null;
  ticket: StartTicket | null = null;
  private off: (() => void)[] = [];

  /** The player's listeners, dropped with it. */
  listen(off: (() => void)[]): void {
    this.off = off;
  }

  /** The stream answered or showed a frame: its start slot can open the next tile's connection. */
  releaseTicket(): void {
    this.ticket?.release();
    this.ticket = null;
  }

  /** Give back the start slot, drop the listeners, destroy the player, give back the lease. */
  release(log: (line: string) => void): void {
    this.releaseTicket();
    for (const off of this.off) off();
    this.off = [];
    const player = this.player;
    this.player = null;
    if (player) {
      try {
        player.destroy();
      } catch (error) {
        log(`destroying the player failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.lease?.release();
    this.lease = null;
  }
}
