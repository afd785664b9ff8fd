import type { RoomReported } from '../../../electron/shared/room';
import { errorWords } from '../../lib/error-words';

/**
 * Why a screen refused a command, in the console operator's language from the refusal's code
 * (`errors:room.rejected.*`), and whether the words are the screen's as it sent them: its English
 * reason (which names each problem in full) to an operator who reads English, or when it sent no
 * code known here (an older app on that PC, a newer refusal).
 */
export function rejectedWords(rejected: NonNullable<RoomReported['rejected']>): {
  text: string;
  coreWords: boolean;
} {
  const text = rejected.reasonCode?.startsWith('room.rejected.')
    ? errorWords({ message: rejected.reason, code: rejected.reasonCode, params: rejected.reasonParams })
    : undefined;
  return text === undefined ? { text: rejected.reason, coreWords: true } : { text, coreWords: false };
}
