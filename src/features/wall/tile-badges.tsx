import type { TileSnapshot } from '../../lib/wall-engine';
import { isZoomed, zoomText, type TileZoom } from './tile-zoom';
import type { TileSound } from './use-tile-audio';

/** "overview · 1 picture / 2 s" for a tile that shows its stream's keyframes only. */
function overviewText(snapshot: Pick<TileSnapshot, 'pictureIntervalMs'>): string {
  const ms = snapshot.pictureIntervalMs;
  if (ms == null || !Number.isFinite(ms) || ms <= 0) return 'overview · keyframes only';
  const seconds = ms / 1000;
  const shown =
    seconds >= 9.5 || Math.abs(seconds - Math.round(seconds)) < 0.05
      ? String(Math.round(seconds))
      : seconds.toFixed(1);
  return `overview · 1 picture / ${shown} s`;
}

const WHY: Record<string, string> = {
  load: 'The computer is overloaded: this tile shows only its stream’s keyframes until there is room again.',
  'start-up': 'The wall is starting: this tile shows only keyframes until the others are up.',
  pinned: 'Pinned to overview in the tile menu: only the stream’s keyframes are shown.',
};

/**
 * What a tile says about its picture, bottom left over the video: overview pictures (with why, in
 * the tooltip), its digital zoom, and its sound when it is the audible tile.
 */
export function TileBadges({
  snapshot,
  zoom,
  audible,
  sound,
}: {
  snapshot: TileSnapshot | null;
  zoom: TileZoom;
  audible: boolean;
  sound: TileSound | null;
}) {
  const overview = snapshot?.rate === 'overview' && snapshot.state === 'playing';
  if (!overview && !isZoomed(zoom) && !audible) return null;
  return (
    <div className="wall-tile-badges">
      {overview && (
        <span
          className="wall-tile-badge wall-tile-rate"
          data-testid="wall-tile-rate"
          data-rate="overview"
          data-reason={snapshot.degradedReason ?? undefined}
          title={WHY[snapshot.degradedReason ?? ''] ?? 'Only the stream’s keyframes are shown.'}
        >
          {overviewText(snapshot)}
        </span>
      )}
      {isZoomed(zoom) && (
        <span
          className="wall-tile-badge wall-tile-zoom"
          data-testid="wall-tile-zoom"
          title="Digital zoom: wheel or + − to zoom, drag or arrows to move, 0 or Esc to reset"
        >
          {zoomText(zoom)}
        </span>
      )}
      {audible && (
        <span
          className={`wall-tile-badge wall-tile-sound${sound && sound.kind !== 'on' && sound.kind !== 'unknown' ? ' is-silent' : ''}`}
          data-testid="wall-tile-sound"
          data-sound={SOUND_ATTR[sound?.kind ?? 'unknown']}
          title={SOUND_TITLE[sound?.kind ?? 'unknown']}
        >
          <SpeakerIcon /> {sound?.text ?? 'sound on'}
        </span>
      )}
    </div>
  );
}

/** `data-sound` for tests and monitoring (yes and none as before; unsupported is new). */
const SOUND_ATTR: Record<TileSound['kind'], string> = {
  on: 'yes',
  none: 'none',
  unsupported: 'unsupported',
  unknown: 'unknown',
};

const SOUND_TITLE: Record<TileSound['kind'], string> = {
  on: 'Sound is on for this tile',
  none: 'Sound is on for this tile, but its stream carries no sound',
  unsupported:
    'Sound is on for this tile, but its stream’s sound cannot be played here; the picture plays on',
  unknown: 'Sound is on for this tile',
};

/** A speaker with sound waves; drawn, as no emoji font can be counted on. */
function SpeakerIcon() {
  return (
    <svg
      className="wall-tile-badge-icon"
      width="12"
      height="12"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
      <path
        d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
