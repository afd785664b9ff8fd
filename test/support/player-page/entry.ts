/**
 * A bare page that drives players directly (no wall engine) in Chromium, for test/e2e/player-errors.spec.ts
 * and the audio cases of test/e2e/players.spec.ts: `window.players` makes tiles (one `<video>` each) and
 * plays, replaces and destroys players on them as fast as a test likes.
 */
import {
  createPlayer,
  type Player,
  type PlayerError,
  type PlayerOptions,
  type PlayerSource,
} from '../../../src/lib/players';

declare global {
  interface Window {
    players: typeof players;
  }
}

interface Tile {
  video: HTMLVideoElement;
  player: Player | null;
  errors: PlayerError[];
  mediaInfos: number;
  /** Players made on this tile so far. */
  made: number;
}

const tiles = new Map<string, Tile>();

function tile(id: string): Tile {
  let t = tiles.get(id);
  if (!t) {
    const video = document.createElement('video');
    video.id = id;
    document.getElementById('tiles')!.append(video);
    t = { video, player: null, errors: [], mediaInfos: 0, made: 0 };
    tiles.set(id, t);
  }
  return t;
}

const players = {
  /**
   * Play `source` on tile `id` (its old player destroyed first, the same element reused, as the
   * supervisor does). `destroyOn` destroys the new player from inside one of its own event listeners.
   */
  play(
    id: string,
    source: PlayerSource,
    options: PlayerOptions = {},
    destroyOn?: 'media-info' | 'error' | 'connected' | 'first-frame',
  ) {
    const t = tile(id);
    t.player?.destroy();
    const player = createPlayer(source, options);
    t.player = player;
    t.made += 1;
    player.on('error', (error) => t.errors.push(error));
    player.on('media-info', () => (t.mediaInfos += 1));
    if (destroyOn)
      player.on(destroyOn, () => {
        player.destroy();
        if (t.player === player) t.player = null;
      });
    player.attach(t.video);
    player.start();
  },
  destroy(id: string) {
    const t = tiles.get(id);
    t?.player?.destroy();
    if (t) t.player = null;
  },
  /** Remove the tile and its element. */
  remove(id: string) {
    players.destroy(id);
    tiles.get(id)?.video.remove();
    tiles.delete(id);
  },
  stats: (id: string) => tiles.get(id)?.player?.stats() ?? null,
  catchUp: (id: string) => tiles.get(id)?.player?.catchUp?.() ?? null,
  errors: (id: string) => tiles.get(id)?.errors ?? [],
  /** Decoded frames of the tile's element (what a person would see move). */
  frames: (id: string) => tiles.get(id)?.video.getVideoPlaybackQuality().totalVideoFrames ?? 0,
  muted: (id: string) => tiles.get(id)?.video.muted ?? null,
  ids: () => [...tiles.keys()],
  clear() {
    for (const id of [...tiles.keys()]) players.remove(id);
  },
};

window.players = players;
document.body.dataset.ready = 'true';
