import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { frameSafe, makeFrameSafe } from '../../support/frame-safe';

interface ParsedFrame {
  file: string;
  line: number;
}

/** vitest's own stack parser and error serializer, resolved as vitest resolves them (not our dependencies). */
async function vitestInternals() {
  const fromVitest = createRequire(createRequire(import.meta.url).resolve('vitest/package.json'));
  const parser = (await import(fromVitest.resolve('@vitest/utils/source-map'))) as {
    parseErrorStacktrace: (error: unknown) => ParsedFrame[];
  };
  const errors = (await import(fromVitest.resolve('@vitest/utils/error'))) as {
    processError: (error: unknown) => Record<string, unknown>;
  };
  return { parse: parser.parseErrorStacktrace, serialize: errors.processError };
}

/** A log cut where a line goes on with "at http://…", as the channel fuzz test quoted one. */
const CUT_LOG =
  'at http://127.0.0.1:1: the connection failed."}\n' +
  '2026-11-27T17:52:18.925Z WARN  [web-shell:core:platform] GET /products failed: network 0ms';

/** The error a failed expect() with CUT_LOG in its message throws. */
function failedExpectation(): Error {
  try {
    expect(['bad'], `1 bad answer; shell log tail:\n${CUT_LOG}`).toEqual([]);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the expectation did not fail');
}

const THIS_FILE = /frame-safe\.test\.ts$/;

describe('errors made safe for vitest’s stack parser', () => {
  it('a message line that begins "at http://…:1: words" makes vitest’s parser throw; marked, it parses to the real frames', async () => {
    const { parse, serialize } = await vitestInternals();
    // If this starts to pass, vitest reads such lines now and frame-safe.ts may go.
    expect(() => parse(serialize(failedExpectation()))).toThrow('Invalid URL');

    const sent = serialize(failedExpectation());
    makeFrameSafe(sent);
    const frames = parse(sent);
    expect(frames[0]?.file).toMatch(THIS_FILE);
    expect(sent.message).toContain('\n| at http://127.0.0.1:1: the connection failed."}\n2026-11-27');
    expect(sent.stack).toContain('\n| at http://127.0.0.1:1: the connection failed."}\n');
  });

  it('marks the same lines in a thrown error, its cause and the errors of an AggregateError', async () => {
    const { parse } = await vitestInternals();
    const cause = new Error(`inner\n${CUT_LOG}`);
    const inner = new Error(`one of many\n${CUT_LOG}`);
    const error = new AggregateError([inner], 'several failed', { cause });
    for (const e of [cause, inner]) expect(() => parse(e)).toThrow('Invalid URL');

    makeFrameSafe(error);
    for (const e of [cause, inner]) {
      expect(parse(e)[0]?.file).toMatch(THIS_FILE);
      expect(e.message.split('\n')[1]).toBe('| at http://127.0.0.1:1: the connection failed."}');
    }
  });

  it('marks an unreadable line of a stack whose message changed after the stack was taken', async () => {
    const { parse } = await vitestInternals();
    const error = new Error('first words');
    error.stack = error.stack!.replace('first words', `other words\n${CUT_LOG}`);
    error.message = 'later words';
    expect(() => parse(error)).toThrow('Invalid URL');

    makeFrameSafe(error);
    expect(parse(error)[0]?.file).toMatch(THIS_FILE);
    expect(error.message).toBe('later words');
  });

  it('leaves an ordinary error, and "at" inside a line, as they are', () => {
    const error = new Error('Cannot reach the platform at http://127.0.0.1:1: the connection failed.');
    const { message, stack } = error;
    makeFrameSafe(error);
    expect({ message: error.message, stack: error.stack }).toEqual({ message, stack });
    expect(frameSafe('a line\n  at the end: 12 cameras:3')).toBe('a line\n  | at the end: 12 cameras:3');
    expect(frameSafe('meet at noon')).toBe('meet at noon');
  });
});
