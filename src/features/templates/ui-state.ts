import type { AppError, Result } from '../../../electron/shared/contract';

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
      return 'the wall service does not answer';
    case 'invalid-input':
      return /KiB/.test(error.message) ? 'the draft is too large to keep (at most 256 KiB)' : error.message;
    case 'locked':
      return 'the kiosk is locked';
    default:
      return error.message;
  }
}
