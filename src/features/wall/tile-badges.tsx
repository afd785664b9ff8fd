import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format';
import type { TileSnapshot } from '../../lib/wall-engine';
import { isZoomed, zoomText, type TileZoom } from './tile-zoom';
import type { TileSound } from './use-tile-audio';

/** "overview · 1 picture / 2 s" for a tile that shows its stream's keyframes only. */
function overviewText(t: TFunction<'tiles'>, snapshot: Pick<TileSnapshot, 'pictureIntervalMs'>): string {
  const ms = snapshot.pictureIntervalMs;
  if (ms == null || !Number.isFinite(ms) || ms <= 0) return t('badge.overviewKeyframes');
  const seconds = ms / 1000;
  const whole = seconds >= 9.5 || Math.abs(seconds - Math.round(seconds)) < 0.05;
  const shown = formatNumber(whole ? Math.round(seconds) : seconds, {
    minimumFractionDigits: whole ? 0 : 1,
    maximumFractionDigits: whole ? 0 : 1,
  });
  return t('badge.overviewEvery', { seconds: shown });
}

/** Why a tile shows overview pictures (TileSnapshot.degradedReason), in the tooltip. */
const WHY = new Set(['load', 'start-up', 'pinned'] as const);
const whyText = (t: TFunction<'tiles'>, reason: string | null | undefined) =>
  reason && (WHY as Set<string>).has(reason)
    ? t(`badge.why.${reason as 'load' | 'start-up' | 'pinned'}`)
    : t('badge.why.other');

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
  const { t } = useTranslation('tiles');
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
          title={whyText(t, snapshot.degradedReason)}
        >
          {overviewText(t, snapshot)}
        </span>
      )}
      {isZoomed(zoom) && (
        <span
          className="wall-tile-badge wall-tile-zoom"
          data-testid="wall-tile-zoom"
          title={t('badge.zoomTitle')}
        >
          {zoomText(zoom)}
        </span>
      )}
      {audible && (
        <span
          className={`wall-tile-badge wall-tile-sound${sound && sound.kind !== 'on' && sound.kind !== 'unknown' ? ' is-silent' : ''}`}
          data-testid="wall-tile-sound"
          data-sound={SOUND_ATTR[sound?.kind ?? 'unknown']}
          title={t(`sound.title.${SOUND_TITLE[sound?.kind ?? 'unknown']}`)}
        >
          <SpeakerIcon /> {sound?.text ?? t('sound.on')}
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

/** The sound badge's tooltip, by kind: its key under `sound.title` (unknown reads as on). */
const SOUND_TITLE: Record<TileSound['kind'], 'on' | 'none' | 'unsupported'> = {
  on: 'on',
  none: 'none',
  unsupported: 'unsupported',
  unknown: 'on',
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
