import { useEffect, useState, type RefObject } from 'react';
import { observeVisibility, type TileSnapshot, type TileSupervisor } from '../../lib/wall-engine';
import { api } from '../../lib/bridge';
import { useWallEngine } from './use-wall-engine';

export interface TileSource {
  deviceKey: string;
  sipId?: string;
  channelId?: string;
  /** The layout's profile: its credentials play the wall. */
  profileId?: string;
}

/**
 * Play one device on a tile's `<video>` through the wall's engine, for as long as the tile is
 * mounted with the same source. Returns the supervisor (for stats, stale and "retry now") and its
 * latest snapshot. Resizing or moving the tile does not touch the player; only a new source does.
 */
export function useTilePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  elementRef: RefObject<HTMLElement | null>,
  source: TileSource,
): { snapshot: TileSnapshot | null; supervisor: TileSupervisor | null } {
  const [state, setState] = useState<{ snapshot: TileSnapshot | null; supervisor: TileSupervisor | null }>({
    snapshot: null,
    supervisor: null,
  });
  const { deviceKey, sipId, channelId, profileId } = source;
  const engine = useWallEngine();

  useEffect(() => {
    const video = videoRef.current;
    const element = elementRef.current;
    if (!video || !element) return;
    const supervisor = engine.createTile({
      video,
      label: deviceKey,
      startStream: () =>
        api.streams.start({
          deviceKey,
          ...(sipId ? { sipId } : {}),
          ...(channelId ? { channelId } : {}),
          ...(profileId ? { profileId } : {}),
        }),
    });
    const unsubscribe = supervisor.subscribe((snapshot) => setState({ snapshot, supervisor }));
    const unobserve = observeVisibility(element, (visible) => supervisor.setVisible(visible));
    supervisor.start();
    return () => {
      unobserve();
      unsubscribe();
      supervisor.destroy();
    };
  }, [engine, videoRef, elementRef, deviceKey, sipId, channelId, profileId]);

  return state;
}
