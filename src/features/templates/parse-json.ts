import type { ErrorParams } from '../../../electron/shared/domain';
import { said, type Said } from './said';

export type JsonParse = { ok: true; value: unknown } | ({ ok: false; line: number; column: number } & Said);

/**
 * JSON.parse with a useful error: where (line and column, 1-based) and what was expected.
 *
 * Engines word (and place) their own errors differently, and some give no position at all, so on a
 * failure a small scanner walks the text again to find the first offending character. A leading
 * byte-order mark (files saved by some Windows editors) is skipped.
 */
export function parseJson(input: string): JsonParse {
  const text = input.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const { offset, message, reason, params } = locateError(text);
    const { line, column } = lineAndColumn(text, offset);
    return {
      ok: false,
      // Worded from `reason` (problems.json.<reason>) and its parameters, inside problems.json.syntax.
      ...said('json.syntax', `JSON syntax error at line ${line}, column ${column}: ${message}`, {
        line,
        column,
        reason,
        ...params,
      }),
      line,
      column,
    };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** What went wrong at one place: the words, and the key (problems.json.<reason>) and values they come from. */
class Stop {
  constructor(
    readonly offset: number,
    readonly message: string,
    readonly reason: string,
    readonly params: ErrorParams = {},
  ) {}
}

/** What a place expects or holds, as its words and the name they are worded by (problems.json.what.*). */
const WHAT: Record<string, string> = {
  'a value': 'value',
  'a number': 'number',
  'a field name in double quotes': 'fieldName',
  'the end of the text': 'end',
};
/** A token of WHAT, "," or "}" as `commaOr}`, or a quoted character as it is. */
const whatOf = (words: string): string =>
  WHAT[words] ?? (/^"," or "(.)"$/.exec(words) ? `commaOr${words.at(-2)}` : words);

function locateError(text: string): { offset: number; message: string; reason: string; params: ErrorParams } {
  let i = 0;
  const describe = (at: number) => (at >= text.length ? 'the end of the text' : JSON.stringify(text[at]));
  const fail = (expected: string): never => {
    throw new Stop(i, `expected ${expected} but found ${describe(i)}`, 'expected', {
      expected: whatOf(expected),
      found: whatOf(describe(i)),
    });
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail('a value');
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) throw new Stop(i, 'a text value is not closed with "', 'unclosed');
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\n' || c < ' ')
        throw new Stop(i, 'a line break or control character inside a text value (write \\n)', 'control');
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Stop(i, 'a \\u escape needs four hex digits', 'unicode');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else {
          const escape = JSON.stringify('\\' + (next ?? ''));
          throw new Stop(i, `${escape} is not a JSON escape`, 'escape', { escape });
        }
        continue;
      }
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail('a number');
    else i += m[0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (c === "'")
      throw new Stop(i, 'text values need double quotes ("), not single quotes (\')', 'singleQuotes');
    fail('a value');
  };
  const object = () => {
    i++;
    space();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      space();
      if (text[i] !== '"') {
        if (text[i] === '}')
          throw new Stop(i, 'no comma may come right before "}" in JSON', 'trailingComma', { close: '}' });
        fail('a field name in double quotes');
      }
      string();
      space();
      if (text[i] !== ':') fail('":"');
      i++;
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail('"," or "}"');
    }
  };
  const array = () => {
    i++;
    space();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      space();
      if (text[i] === ',') {
        i++;
        space();
        if (text[i] === ']')
          throw new Stop(i, 'no comma may come right before "]" in JSON', 'trailingComma', { close: ']' });
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail('"," or "]"');
    }
  };

  try {
    space();
    if (i >= text.length) return { offset: 0, message: 'the text is empty', reason: 'empty', params: {} };
    value();
    space();
    if (i < text.length) fail('the end of the text');
    // The scanner found nothing the engine did: report the start rather than invent a place.
    return { offset: 0, message: 'not valid JSON', reason: 'invalid', params: {} };
  } catch (e) {
    if (e instanceof Stop)
      return { offset: e.offset, message: e.message, reason: e.reason, params: e.params };
    throw e;
  }
}
