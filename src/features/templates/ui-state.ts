import type { AppError, Result } from '../../../electron/shared/contract';
import { errorWords } from '../../lib/error-words';
import { words } from './words';

/**
 * What the templates keep between runs (drafts, project keys that worked): the core's ui state.
 *
 * It lives with the data folder, not with the page's origin: localStorage belonged to one browser-shell
 * port, so a draft typed on one port was gone on the next.
 */
export interface UiState {
  get(key: string): Promise<Result<{ value: unknown }>>;
  /** `null` forgets the key. */
  set(key: string, value: unknown): Promise<Result<{ saved: true }>>;
}

/**
 * Why something could not be kept, in the operator's words: told by the error's kind and code (never
 * by its English words), else the error worded as everywhere (the core's own words as a last resort).
 */
export function whyNotKept(error: AppError): string {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return words().t('templates:notKept.noAnswer');
    case 'locked':
      return words().t('templates:notKept.locked');
    default:
      if (error.code === 'uiState.tooLarge') return words().t('templates:notKept.tooLarge');
      return errorWords(error) ?? error.message;
  }
}
