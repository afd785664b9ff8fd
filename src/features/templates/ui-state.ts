import type { AppError, Result } from '../../../electron/shared/contract';
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

/** Why something could not be kept, in the operator's words (the core's own words as a last resort). */
export function whyNotKept(error: AppError): string {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return words().t('templates:notKept.noAnswer');
    case 'invalid-input':
      return /KiB/.test(error.message) ? words().t('templates:notKept.tooLarge') : error.message;
    case 'locked':
      return words().t('templates:notKept.locked');
    default:
      return error.message;
  }
}
