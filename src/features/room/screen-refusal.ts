import i18next from 'i18next';
import type { CodedFieldProblem, ErrorParams } from '../../../electron/shared/domain';
import type { RoomReported } from '../../../electron/shared/room';

/**
 * Why this screen refused what the room told it, as the core's refusals are (desired-check.ts): a
 * code (`errors:room.rejected.*`) with parameters, and the same in English words. Its report carries
 * all three to every console, which words the code in its own operator's language, as this screen's
 * status does in its own.
 */
export type ScreenRefusal = Omit<NonNullable<RoomReported['rejected']>, 'rev'> & {
  reasonCode: string;
  reasonParams: ErrorParams;
};

/** A reason the report may carry (its schema's limit). */
const REASON_MAX = 500;
const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

/** A refusal by its code (`room.rejected.<code>`), its English words from the en catalog. */
export function screenRefusal(code: string, params: ErrorParams): ScreenRefusal {
  const reasonCode = `room.rejected.${code}`;
  return {
    reason: clip(i18next.getFixedT('en', 'errors')(reasonCode as 'room.rejected.notJson', params)),
    reasonCode,
    reasonParams: params,
  };
}

/** Where problems are, for a refusal's `paths` and `count` (the first three, under `at`: `view.tiles[2]`). */
export function wherePaths(
  problems: readonly CodedFieldProblem[],
  at: string,
): { paths: string; count: number } {
  const paths = problems.slice(0, 3).map((p) => (p.path === '' ? at : `${at}.${p.path}`));
  return { paths: clip(paths.join(', ')), count: problems.length };
}
