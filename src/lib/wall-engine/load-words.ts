import i18next from 'i18next';
import { formatNumber } from '../../i18n/format';
import { currentLanguage } from '../../i18n/start-i18n';
import type { LoadCause } from './decode-budget';

/**
 * What the load monitor found, in the app's language: "12 % of frames dropped", "丢帧 12 %". The
 * English reads exactly as the monitor's own words (LoadReading.reason), which the console and the
 * operator log's English reason keep.
 */
export function loadCauseText(cause: LoadCause, language: string = currentLanguage()): string {
  const lng = language;
  const whole = (value: number) => formatNumber(value, { useGrouping: false }, language);
  const tenths = (value: number) =>
    formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }, language);
  switch (cause.kind) {
    case 'dropped':
    case 'not-shown':
    case 'busy':
      return i18next.t(`tiles:load.${cause.kind}`, { lng, percent: whole(cause.percent) });
    case 'late':
      return i18next.t('tiles:load.late', { lng, ms: whole(cause.ms) });
    case 'behind':
    case 'behind-growing':
      return i18next.t(`tiles:load.${cause.kind}`, { lng, seconds: tenths(cause.seconds) });
    case 'pressure':
      return i18next.t('tiles:load.pressure', {
        lng,
        state: i18next.t(`tiles:load.pressureState.${cause.state}`, { lng }),
      });
  }
}

/**
 * A load reading's finding in the app's language, from its cause; its English reason where it has
 * no cause (a load source that gives words only) or no catalog is loaded (an engine without the app).
 */
export function loadWords(found: { reason: string | null; cause?: LoadCause | null }): string | null {
  if (!found.cause || !i18next.isInitialized) return found.reason;
  return loadCauseText(found.cause);
}
