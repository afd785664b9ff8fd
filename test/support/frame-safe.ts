/**
 * Errors made safe for vitest's stack parser, which treats any line of an error's stack that begins
 * `at ` and holds `x:1` as a frame, the lines of the message too, and calls new URL() on one that
 * goes on with `http:`. A failure message that quoted a log cut just before "at http://127.0.0.1:1:
 * the connection failed." made that throw in vitest's own process: it printed "TypeError: Invalid
 * URL" and stopped, in place of the test that failed and its file. Such a line gets `| ` in front
 * here, in the message and where the stack repeats it; nothing else of the error changes and nothing
 * is left out. Used by frame-safe-runner.ts (errors of tests and suites, in the worker) and by
 * vitest.config.ts (errors nobody handled, in vitest's process, before it prints them).
 */

/** What vitest takes for a frame (its CHROME_IE_STACK_REGEXP, line by line). */
const FRAME_LIKE = /^(\s*)(at .*(?:\S:\d+|\(native\)).*)$/gm;

/** `text` with every line vitest would take for a frame marked as text. */
export function frameSafe(text: string): string {
  return text.replace(FRAME_LIKE, '$1| $2');
}

/** A stack line of a frame at an http(s) address that does not parse: vitest's new URL() throws on it. */
function unreadableFrame(line: string): boolean {
  const at = /^\s*at (?:async )?(?:\S.*? \()?(https?:.*?)(?::\d+)?(?::\d+)?\)?$/.exec(line);
  if (!at) return false;
  try {
    new URL(at[1]);
    return false;
  } catch {
    return true;
  }
}

/** Mark, in place, the lines of an error (as thrown, or as vitest serialized it), its cause and its inner errors. */
export function makeFrameSafe(error: unknown, seen = new Set<unknown>()): void {
  if (error === null || typeof error !== 'object' || seen.has(error)) return;
  seen.add(error);
  const e = error as { message?: unknown; stack?: unknown; cause?: unknown; errors?: unknown };
  try {
    if (typeof e.message === 'string') {
      const message = e.message;
      const safe = frameSafe(message);
      if (safe !== message) {
        e.message = safe;
        if (typeof e.stack === 'string') e.stack = e.stack.replace(message, () => safe);
      }
    }
    // A message changed after the stack was taken is not in it: its unreadable lines, at least.
    if (typeof e.stack === 'string' && e.stack.split('\n').some(unreadableFrame))
      e.stack = e.stack
        .split('\n')
        .map((line) => (unreadableFrame(line) ? line.replace(/^(\s*)/, '$1| ') : line))
        .join('\n');
  } catch {
    // A frozen error, or a stack with a getter only, stays as it is.
  }
  makeFrameSafe(e.cause, seen);
  if (Array.isArray(e.errors)) for (const inner of e.errors) makeFrameSafe(inner, seen);
}
