import i18next, { type i18n } from 'i18next';
import { startI18n } from '../../i18n/start-i18n';

/**
 * The app's i18next for words made outside React (the form's store, labels of paths, problems).
 *
 * The composition root starts it before the first render; a unit test that imports the store alone
 * gets it started in English (Node has no preferred languages), so the store never says a bare key.
 */
export function words(): i18n {
  return i18next.isInitialized ? i18next : startI18n();
}
