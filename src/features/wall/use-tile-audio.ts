import { useEffect, type RefObject } from 'react';
import type { TileSupervisor } from '../../lib/wall-engine';
import { soundOf } from './tile-format';
import { usePolled } from './use-polled';
import { useWallFocusStore } from './wall-focus-store';

/**
 * Whether a playing `<video>` carries sound: true, false, or null when it cannot tell yet (no picture,
 * nothing decoded). MSE players count decoded audio bytes (Chromium's webkitAudioDecodedByteCount,
 * which counts even while muted); a WebRTC stream has an audio track that is not muted by its sender
 * (a receive-only track with no packets stays muted).
 */
function streamHasSound(video: HTMLVideoElement): boolean | null {
  const stream = video.srcObject;
  if (typeof MediaStream !== 'undefined' && stream instanceof MediaStream)
    return stream.getAudioTracks().some((t) => t.readyState === 'live' && !t.muted);
  const decoded = (video as HTMLVideoElement & { webkitAudioDecodedByteCount?: number })
    .webkitAudioDecodedByteCount;
  if (typeof decoded === 'number' && decoded > 0) return true;
  if (video.readyState < 2 || video.currentTime < 1) return null;
  return typeof decoded === 'number' ? false : null;
}

/** Checked this often on the tile whose sound is on, to say when its stream has none. */
const SOUND_CHECK_MS = 1_000;

export type TileSound = ReturnType<typeof soundOf>;

/**
 * The wall's audible tile (useWallFocusStore.audible) and its sound.
 *
 * Only the audible tile's player carries audio: every other tile's drops it before demux (a player
 * cannot change that in place, so the supervisor makes a new one when the audible tile changes:
 * just the two tiles concerned, on their own elements). The element stays muted unless the tile is
 * the audible one: each new player mutes it when it attaches, and it is unmuted again whenever that
 * happens. Returns whether the sound is on and, then, what of it plays: from the player's own word
 * (PlayerStats.audio: on, none in the stream, or cannot play here and why), else from the element.
 */
export function useTileAudio(
  videoRef: RefObject<HTMLVideoElement | null>,
  tileKey: string,
  supervisor: TileSupervisor | null,
): { audible: boolean; sound: TileSound | null } {
  const audible = useWallFocusStore((s) => s.audible === tileKey);
  useEffect(() => supervisor?.setAudio(audible), [supervisor, audible]);
  // Read only on the audible tile; usePolled re-renders it only when the answer changes.
  const sound = usePolled<TileSound | null>(
    () => {
      if (!audible || !videoRef.current) return null;
      return soundOf(supervisor?.stats()?.audio, streamHasSound(videoRef.current));
    },
    (a, b) => a?.kind === b?.kind && a?.text === b?.text,
    audible ? SOUND_CHECK_MS : null,
    [videoRef, audible, supervisor],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const apply = () => {
      if (video.muted === !audible) return;
      video.muted = !audible;
      if (audible && video.paused) void video.play().catch(() => undefined);
    };
    apply();
    if (!audible) return;
    // A new player mutes the element as it attaches; 'volumechange' says so, 'loadstart' marks a new source.
    video.addEventListener('volumechange', apply);
    video.addEventListener('loadstart', apply);
    return () => {
      video.removeEventListener('volumechange', apply);
      video.removeEventListener('loadstart', apply);
    };
  }, [videoRef, audible]);

  return { audible, sound: audible ? sound : null };
}
