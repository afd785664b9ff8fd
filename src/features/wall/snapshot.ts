import i18next from 'i18next';
import { downloadBlob } from '../../lib/download-file';
import { snapshotFileName, type SnapshotSaved } from '../../../electron/shared/snapshot';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import type { TileSnapshot } from '../../lib/wall-engine';
import { useCoreMirror } from '../../session/core-mirror';

/**
 * Why a tile cannot give a snapshot now (the menu item shows it as its title, disabled), or null when
 * it can: a snapshot is the picture the tile shows, so there must be one.
 */
export function snapshotProblem(
  video: HTMLVideoElement | null,
  snapshot: TileSnapshot | null,
): string | null {
  const state = snapshot?.state ?? 'idle';
  if (!video || state === 'idle') return i18next.t('tiles:snapshot.nothingPlays');
  if (state === 'paused-hidden') return i18next.t('tiles:snapshot.pausedHidden');
  if (state === 'failed') return i18next.t('tiles:snapshot.failed');
  if (state === 'reconnecting') return i18next.t('tiles:snapshot.reconnecting');
  if (state === 'stalled') return i18next.t('tiles:snapshot.stalled');
  if (state === 'starting' || snapshot?.firstFrameAt == null) return i18next.t('tiles:snapshot.starting');
  if (video.videoWidth <= 0 || video.videoHeight <= 0 || video.readyState < 2)
    return i18next.t('tiles:snapshot.noPicture');
  return null;
}

/**
 * The tile's current picture as a PNG at the stream's own size (videoWidth × videoHeight), whatever
 * the tile's size, fit or zoom.
 */
async function capturePng(video: HTMLVideoElement): Promise<{ png: Blob; width: number; height: number }> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (width <= 0 || height <= 0) throw new Error(i18next.t('tiles:snapshot.why.noPicture'));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(i18next.t('tiles:snapshot.why.noCanvas'));
  context.drawImage(video, 0, 0, width, height);
  const png = await new Promise<Blob | null>((resolve, reject) => {
    try {
      canvas.toBlob(resolve, 'image/png');
    } catch (error) {
      // A picture played straight from another server (a plain <video src>) cannot be read back.
      reject(
        error instanceof DOMException && error.name === 'SecurityError'
          ? new Error(i18next.t('tiles:snapshot.why.crossOrigin'))
          : error,
      );
    }
  });
  if (!png) throw new Error(i18next.t('tiles:snapshot.why.noPng'));
  return { png, width, height };
}

export type SnapshotOutcome = { ok: true; name: string; where: string } | { ok: false; message: string };

/**
 * Save the tile's current picture: the desktop app into the Pictures folder (through the core), the
 * browser shell as a download. Named from the device and the time: `Lobby cam 2026-11-24 23-59-01.png`.
 */
export async function saveSnapshot(video: HTMLVideoElement, deviceName: string): Promise<SnapshotOutcome> {
  const takenAt = Date.now();
  let png: Blob;
  try {
    ({ png } = await capturePng(video));
  } catch (error) {
    return {
      ok: false,
      message: i18next.t('tiles:snapshot.failedFor', { name: deviceName, reason: (error as Error).message }),
    };
  }
  // The shell the page runs in, as app:info said when the app started (the wall shows only after).
  if (useCoreMirror.getState().appInfo?.shell === 'electron') {
    const saved = await api.snapshots.save({ deviceName, takenAt, png: await base64(png) });
    return saved.ok
      ? { ok: true, ...where(saved.value) }
      : {
          ok: false,
          message: i18next.t('tiles:snapshot.failedFor', {
            name: deviceName,
            reason: plainError(saved.error).message,
          }),
        };
  }
  const name = snapshotFileName(deviceName, takenAt);
  downloadBlob(name, png);
  return { ok: true, name, where: i18next.t('tiles:snapshot.downloads') };
}

const where = (saved: SnapshotSaved) => ({
  name: saved.name,
  where:
    saved.path.slice(0, Math.max(0, saved.path.length - saved.name.length - 1)) ||
    i18next.t('tiles:snapshot.pictures'),
});

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) text += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(text);
}
