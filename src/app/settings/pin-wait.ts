import i18next from 'i18next';
import { plainError, type ErrorLike } from '../../lib/plain-error';

/** The core's own "try again in N s" at the end of a PIN refusal: a wait that was true when it was said. */
const SAID_WAIT = /[\s.:;,]*try again in \d+\s*s\.?\s*$/i;

/**
 * The refusals of kiosk:unlock the form words itself, by their codes: without the wait they named
 * (the form counts the wait down from the core's deadline instead).
 */
const KNOWN_REFUSALS: Record<string, 'kiosk.pin.wrong' | 'kiosk.pin.tooMany'> = {
  'kiosk.pin.wrong': 'kiosk.pin.wrong',
  'kiosk.pin.wrongWait': 'kiosk.pin.wrong',
  'kiosk.pin.tooMany': 'kiosk.pin.tooMany',
};

/**
 * What the PIN form says under it: the refusal (without the wait it named, which goes stale), then the
 * wait still left, counted from the deadline, or nothing about waiting once it is over. "Wrong PIN."
 * stays after the wait so the administrator knows why the field is empty. The core's refusal is
 * known by its code; any other is shown as plainError words it.
 */
export function pinWaitWords(
  refusal: ErrorLike | null,
  retryInMs: number,
): { refusal: string | null; wait: string | null } {
  const code =
    refusal !== null && typeof refusal === 'object' && 'code' in refusal ? refusal.code : undefined;
  const known = code !== undefined ? KNOWN_REFUSALS[code] : undefined;
  const said =
    known || refusal === null ? null : plainError(refusal).message.replace(SAID_WAIT, '').trim() || null;
  const reason = known
    ? i18next.t(known, { ns: 'app' })
    : said && !/[.!?。！？]$/.test(said)
      ? `${said}.`
      : said;
  return {
    refusal: reason,
    wait: retryInMs > 0 ? i18next.t('app:kiosk.pin.wait', { seconds: Math.ceil(retryInMs / 1000) }) : null,
  };
}

/** The moment (on `kioskClock`, monotonic) the next PIN is taken, from a wait the core gave when it was received. */
export function retryDeadline(retryAfterMs: number, receivedAt: number): number {
  return retryAfterMs > 0 ? receivedAt + retryAfterMs : 0;
}
