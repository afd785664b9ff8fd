import i18next from 'i18next';
import type { OperatorEventWords, OperatorLogEntry } from '../../../electron/shared/contract';
import { formatNumber } from '../../i18n/format';
import { currentLanguage } from '../../i18n/start-i18n';
import { engineDetailText } from '../../lib/wall-engine/engine-detail-words';
import { loadCauseText } from '../../lib/wall-engine/load-words';

/**
 * An entry's reason in the operator's language, from its structured words (a kind and parameters)
 * when it has them; an entry without them (written before the log kept them) shows its stored text.
 *
 * The English reproduces the stored English `reason` exactly (the engine's and the wall's words), so
 * an English log reads as it always did. Free text inside the words stays as it came: a device's or
 * a tour's name, a platform's or a player's message; the engine's own details are worded.
 */
/**
 * The part of an entry's reason shown as it came (a platform's or a player's own words, which the
 * app has no words for), or null: the page marks it as not the app's.
 */
export function entryReasonAsItCame(
  entry: Pick<OperatorLogEntry, 'words'>,
  language: string = currentLanguage(),
): string | null {
  const words = entry.words;
  if (words?.kind !== 'tile-trouble' || !words.failure.detail) return null;
  return engineDetailText(words.failure.detail, language) === null ? words.failure.detail : null;
}

export function entryReasonText(
  entry: Pick<OperatorLogEntry, 'reason' | 'words'>,
  language: string = currentLanguage(),
): string {
  const words = entry.words;
  if (!words) return entry.reason ?? '';
  const lng = language;
  switch (words.kind) {
    case 'tile-trouble': {
      const { reason, detail } = words.failure;
      const headline = reason
        ? i18next.t(`tiles:failure.${reason}`, { lng })
        : i18next.t('operatorLog:words.noPicture', { lng });
      if (!detail) return headline;
      const said = engineDetailText(detail, language) ?? detail;
      return i18next.t('operatorLog:words.trouble', { lng, headline, detail: said });
    }
    case 'tile-recovered':
      return recoveredText(words.outMs, language);
    case 'rate-overview': {
      const why = i18next.t(`operatorLog:words.rateWhy.${words.why ?? 'budget'}`, { lng });
      return words.cause
        ? i18next.t('operatorLog:words.overviewCause', {
            lng,
            why,
            cause: loadCauseText(words.cause, language),
          })
        : i18next.t('operatorLog:words.overview', { lng, why });
    }
    case 'rate-full':
      return i18next.t('operatorLog:words.full', { lng });
    case 'tour-page':
    case 'tour-started':
      return i18next.t(
        words.kind === 'tour-page' ? 'operatorLog:words.tourPage' : 'operatorLog:words.tourStarted',
        {
          lng,
          tour: words.tour,
          page: formatNumber(words.page, undefined, language),
          of: formatNumber(words.of, undefined, language),
          view: words.view ?? '?',
        },
      );
    case 'tour-stopped':
      return words.why
        ? i18next.t('operatorLog:words.tourStoppedWhy', { lng, tour: words.tour, why: words.why })
        : i18next.t('operatorLog:words.tourStopped', { lng, tour: words.tour });
    case 'put-on':
    case 'taken-off':
    case 'tile-changed':
      return placeText(words, language);
  }
}

type PlaceWords = Extract<OperatorEventWords, { kind: 'put-on' | 'taken-off' | 'tile-changed' }>;

/** "put on column 1, row 2 of "Lobby" (2×2)", "channel 1 → 2 on …": one whole sentence a case. */
function placeText(words: PlaceWords, language: string): string {
  const lng = language;
  const key = { 'put-on': 'putOn', 'taken-off': 'takenOff', 'tile-changed': 'changed' } as const;
  const base = key[words.kind];
  if (!words.view) return i18next.t(`operatorLog:words.${base}Wall`, { lng });
  const number = (value: number) => formatNumber(value, undefined, language);
  const where = {
    lng,
    view: words.view.name,
    columns: number(words.view.columns),
    rows: number(words.view.rows),
    ...(words.cell ? { column: number(words.cell.column), row: number(words.cell.row) } : {}),
    ...(words.kind === 'tile-changed' ? { changes: changesText(words, language) } : {}),
  };
  return words.cell
    ? i18next.t(`operatorLog:words.${base}`, where)
    : i18next.t(`operatorLog:words.${base}Tile`, where);
}

/** "channel 1 → 2, caption “NVR 1” → “Gate North”" */
function changesText(words: Extract<PlaceWords, { kind: 'tile-changed' }>, language: string): string {
  const lng = language;
  const channel = (id: string | null) => id ?? i18next.t('operatorLog:words.defaultChannel', { lng });
  const parts: string[] = [];
  if (words.channel)
    parts.push(
      i18next.t('operatorLog:words.changeChannel', {
        lng,
        from: channel(words.channel.from),
        to: channel(words.channel.to),
      }),
    );
  if (words.caption)
    parts.push(
      i18next.t('operatorLog:words.changeCaption', { lng, from: words.caption.from, to: words.caption.to }),
    );
  return parts.join(i18next.t('operatorLog:words.changeSeparator', { lng }));
}

/** "playing again after 12 s without a picture": tenths under 10 s, minutes from 2 min (as the engine's outFor). */
function recoveredText(outMs: number | undefined, language: string): string {
  const lng = language;
  if (outMs === undefined || !Number.isFinite(outMs) || outMs < 100)
    return i18next.t('operatorLog:words.recovered', { lng });
  const number = (value: number, digits = 0) =>
    formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }, language);
  if (outMs < 10_000)
    return i18next.t('operatorLog:words.recoveredSeconds', { lng, seconds: number(outMs / 1000, 1) });
  const seconds = Math.round(outMs / 1000);
  return seconds < 120
    ? i18next.t('operatorLog:words.recoveredSeconds', { lng, seconds: number(seconds) })
    : i18next.t('operatorLog:words.recoveredMinutes', { lng, minutes: number(Math.round(seconds / 60)) });
}
