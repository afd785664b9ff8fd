/** The core's own "try again in N s" at the end of a PIN refusal: a wait that was true when it was said. */
const SAID_WAIT = /[\s.:;,]*try again in \d+\s*s\.?\s*$/i;

/**
 * What the PIN form says under it: the refusal (without the wait it named, which goes stale), then the
 * wait still left, counted from the deadline, or nothing about waiting once it is over. "Wrong PIN."
 * stays after the wait so the administrator knows why the field is empty.
 */
export function pinWaitWords(
  refusal: string | null,
  retryInMs: number,
): { refusal: string | null; wait: string | null } {
  const said = refusal?.replace(SAID_WAIT, '').trim() || null;
  const reason = said && !/[.!?]$/.test(said) ? `${said}.` : said;
  return {
    refusal: reason,
    wait: retryInMs > 0 ? `Try again in ${Math.ceil(retryInMs / 1000)} s.` : null,
  };
}

/** The moment (epoch ms, this computer's clock) the next PIN is taken, from a wait the core gave when it was received. */
export function retryDeadline(retryAfterMs: number, receivedAt: number): number {
  return retryAfterMs > 0 ? receivedAt + retryAfterMs : 0;
}
