import { useEffect, type RefObject } from 'react';
import { usePolled } from './use-polled';
import { useWallFocusStore } from './wall-focus-store';

/**
 * Whether a playing `<video>` carries sound: true, false, or null when it cannot tell yet (no picture,
 * nothing decoded). MSE players count decoded audio bytes (Chromium's webkitAudioDecodedByteCount,
 * which counts even while muted); a WebRTC stream has an audio track that is not muted by its sender
 * (a receive-only track with no packets stays muted).
 */
export function streamHasSound(video: HTMLVideoElement): boolean | null {
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

/**
 * Keep a tile's `<video>` muted unless it is the wall's audible tile (useWallFocusStore.audible).
 * Each new player mutes the element when it attaches (a wall is silent); while this tile is the
 * audible one, the element is unmuted again whenever that happens. Returns whether the sound is on
 * and, then, whether the stream has sound at all.
 */
export function useTileAudio(
  videoRef: RefObject<HTMLVideoElement | null>,
  tileKey: string,
): { audible: boolean; sound: boolean | null } {
  const audible = useWallFocusStore((s) => s.audible === tileKey);
  // Read only on the audible tile; usePolled re-renders it only when the answer changes.
  const sound = usePolled<boolean | null>(
    () => (audible && videoRef.current ? streamHasSound(videoRef.current) : null),
    (a, b) => a === b,
    audible ? SOUND_CHECK_MS : null,
    [videoRef, audible],
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
