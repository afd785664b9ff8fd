import type { CodedFieldProblem } from '../../../electron/shared/domain';
import type { RoomConnection } from '../../../electron/shared/room';
import { codeWords, errorWords, fieldProblemWords } from '../../lib/error-words';

/** A room code's words (error-words' codeWords), in any language; undefined for any other code. */
const roomCodeWords = (code: string | undefined, params?: CodedFieldProblem['params']): string | undefined =>
  code?.startsWith('room.') ? codeWords(code, params) : undefined;

/**
 * A problem of the Room settings in the operator's language, from its code (the shared schema's and
 * the core's, `errors:room.problem.*`, worded from the catalog in English too: zod's own English for a
 * port says "expected number"); a problem with another code or none as error-words words it.
 */
export function roomProblemWords(problem: CodedFieldProblem): string {
  return roomCodeWords(problem.code, problem.params) ?? fieldProblemWords(problem);
}

/**
 * Why the broker is away (or the room off), in the operator's language, and whether the words are
 * the core's as it sent them (no code known here: a newer core, an unreadable password's own words).
 */
export function roomReasonWords(connection: RoomConnection): { text: string; coreWords: boolean } | null {
  if (connection.reason === null) return null;
  const coded = { message: connection.reason, code: connection.reasonCode, params: connection.reasonParams };
  const text = roomCodeWords(coded.code, coded.params) ?? errorWords(coded);
  return text === undefined ? { text: connection.reason, coreWords: true } : { text, coreWords: false };
}
