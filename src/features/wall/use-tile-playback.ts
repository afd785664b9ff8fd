import { useEffect, useRef, useState, type RefObject } from 'react';
import { observeVisibility, type TileSnapshot, type TileSupervisor } from '../../lib/wall-engine';
import { api } from '../../lib/bridge';
import { useWallEngine } from './use-wall-engine';
import type { PlaybackTransport } from '../../lib/players';

export interface TileSource {
  deviceKey: string;
  sipId?: string;
  channelId?: string;
  /** The layout's profile: its credentials play the wall. */
  profileId?: string;
  /** The tile's own transport (tried first); a change replaces the player. */
  transport?: PlaybackTransport;
}

/**
 * Play one device on a tile's `<video>` through the wall's engine, for as long as the tile is
 * mounted with the same source. Returns the supervisor (for stats, stale and "retry now") and its
 * latest snapshot. Resizing or moving the tile does not touch the player; only a new source does.
 *
 * `covered`: another tile is maximised over this one. The tile is then hidden as much as one scrolled
 * out of view: it keeps playing for the hidden grace (settings.hiddenTileGraceSeconds), then stops,
 * and starts again (through the engine's start waves) when it is uncovered.
 */
export function useTilePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  elementRef: RefObject<HTMLElement | null>,
  source: TileSource,
  view: { covered?: boolean } = {},
): { snapshot: TileSnapshot | null; supervisor: TileSupervisor | null } {
  const [state, setState] = useState<{ snapshot: TileSnapshot | null; supervisor: TileSupervisor | null }>({
    snapshot: null,
    supervisor: null,
  });
  const { deviceKey, sipId, channelId, profileId, transport } = source;
  const engine = useWallEngine();
  const covered = view.covered ?? false;
  // What the visibility observer says and whether a maximised tile covers this one: visible = both allow.
  // observed is null until the observer's first answer: nothing is decided before it.
  const seen = useRef<{ observed: boolean | null; covered: boolean; apply: (() => void) | null }>({
    observed: null,
    covered,
    apply: null,
  });

  useEffect(() => {
    const video = videoRef.current;
    const element = elementRef.current;
    if (!video || !element) return;
    const supervisor = engine.createTile({
      video,
      label: deviceKey,
      // An auth refusal holds every tile of the same credentials: the layout's profile, or the active one ('').
      profile: profileId ?? '',
      ...(transport ? { transport } : {}),
      startStream: () =>
        api.streams.start({
          deviceKey,
          ...(sipId ? { sipId } : {}),
          ...(channelId ? { channelId } : {}),
          ...(profileId ? { profileId } : {}),
        }),
    });
    const unsubscribe = supervisor.subscribe((snapshot) => setState({ snapshot, supervisor }));
    const visibility = seen.current;
    visibility.observed = null;
    visibility.apply = () => {
      if (visibility.observed !== null) supervisor.setVisible(visibility.observed && !visibility.covered);
    };
    const unobserve = observeVisibility(element, (visible) => {
      visibility.observed = visible;
      visibility.apply?.();
    });
    supervisor.start();
    return () => {
      visibility.apply = null;
      unobserve();
      unsubscribe();
      supervisor.destroy();
    };
  }, [engine, videoRef, elementRef, deviceKey, sipId, channelId, profileId, transport]);

  useEffect(() => {
    seen.current.covered = covered;
    seen.current.apply?.();
  }, [covered]);

  return state;
}
