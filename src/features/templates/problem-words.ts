import type { TFunction } from 'i18next';
import { words } from './words';

/**
 * A problem of the form in the operator's language.
 *
 * The form's checks (check-draft, to-wire-value, template-import, parse-json) and the shared rule
 * book (electron/shared/domain/template.ts, also run by the core before sending) word their findings
 * in English, with the values in them. Each known wording is read back here into its catalog key and
 * values, so the form shows it in the chosen language (English gives back the very same text). A
 * message no rule knows (a platform's own words) is shown as it came.
 */
type Words = TFunction<'templates'>;
type Rule = [RegExp, (m: RegExpExecArray, t: Words) => string];

const RULES: Rule[] = [
  // The shared rule book.
  [/^at most (\d+) characters$/, (m, t) => t('problems.maxChars', { max: m[1] })],
  [/^at most (\d+) entries$/, (m, t) => t('problems.maxEntries', { max: m[1] })],
  [/^at most (\d+) parameters$/, (m, t) => t('problems.maxParameters', { max: m[1] })],
  [
    /^is too long: at most (\d+) characters \(got (\d+)\)$/,
    (m, t) => t('problems.tooLong', { max: m[1], got: m[2] }),
  ],
  [
    /^must be a whole number such as 10 or -5 \(got "(.*)"\)$/s,
    (m, t) => t('problems.wholeGot', { value: m[1] }),
  ],
  [
    /^must be a number such as 1\.5 or -20 \(got "(.*)"\)$/s,
    (m, t) => t('problems.numberGot', { value: m[1] }),
  ],
  [/^identifier is required$/, (_, t) => t('problems.identifierRequired')],
  [
    /^must start with a letter or _, then letters, digits or _ \(at most 64 characters\)$/,
    (_, t) => t('problems.identifierPattern'),
  ],
  [/^name is required$/, (_, t) => t('problems.nameRequired')],
  [/^([A-Z]+) takes only (.+)$/, (m, t) => t('problems.takesOnly', { type: m[1], keys: m[2] })],
  [/^max length is required for STRING$/, (_, t) => t('problems.maxLengthRequired')],
  [/^must be a positive whole number \(got "(.*)"\)$/s, (m, t) => t('problems.positiveGot', { value: m[1] })],
  [
    /^max \((.+)\) must not be less than min \((.+)\)$/,
    (m, t) => t('problems.maxBelowMin', { max: m[1], min: m[2] }),
  ],
  [/^step must be greater than 0$/, (_, t) => t('problems.stepPositive')],
  [
    /^step \((.+)\) must not be larger than max − min \((.+)\)$/,
    (m, t) => t('problems.stepTooLarge', { step: m[1], range: m[2] }),
  ],
  [/^add at least one parameter$/, (_, t) => t('problems.addOne')],
  [
    /^"(.*)" is already used by parameter (\d+)$/s,
    (m, t) => t('problems.duplicate', { identifier: m[1], number: m[2] }),
  ],
  // The form's own checks.
  [/^choose a type$/, (_, t) => t('problems.chooseType')],
  [
    /^"(.*)" is not a supported type: choose (.+)$/s,
    (m, t) => t('problems.unsupportedType', { type: m[1], types: m[2] }),
  ],
  [/^project key is required$/, (_, t) => t('problems.projectKeyRequired')],
  [/^a project key has no spaces$/, (_, t) => t('problems.projectKeySpaces')],
  [/^sent as (.+)$/s, (m, t) => t('problems.sentAs', { wire: m[1] })],
  [
    /^use a dot for decimals \("1\.5", not "1,5"\) and no thousands separators$/,
    (_, t) => t('problems.useDot'),
  ],
  [/^remove the spaces or separators inside the number$/, (_, t) => t('problems.separators')],
  [/^must be a whole number such as 10 or -5$/, (_, t) => t('problems.whole')],
  [/^must be a number such as 1\.5 or -20$/, (_, t) => t('problems.number')],
  [/^the exponent is too large for any number type$/, (_, t) => t('problems.exponent')],
  [/^must be a whole number of characters$/, (_, t) => t('problems.wholeChars')],
  [/^must be a whole number \(INTEGER has no decimals\)$/, (_, t) => t('problems.wholeInteger')],
  [
    /^a JSON number this large loses digits: check this value \(or write it in quotes in the file\)$/,
    (_, t) => t('problems.jsonDigits'),
  ],
  [/^too large for FLOAT \(at most about ±3\.4 × 10³⁸\): use DOUBLE$/, (_, t) => t('problems.floatLarge')],
  [/^too large for DOUBLE \(at most about ±1\.8 × 10³⁰⁸\)$/, (_, t) => t('problems.doubleLarge')],
  [/^beyond 64-bit integers: the platform may not be able to store it$/, (_, t) => t('problems.int64')],
  [
    /^(FLOAT|DOUBLE) keeps about (\d+)–(\d+) significant digits: the platform may round this value$/,
    (m, t) => t('problems.precision', { type: m[1], low: m[2], high: m[3] }),
  ],
  // An import.
  [
    /^expected one template: a JSON object with name, desc and parameters \(found (.+)\)$/s,
    (m, t) => t('problems.notTemplate', { found: found(m[1], t) }),
  ],
  [/^expected a list of parameters: nothing was loaded from it$/, (_, t) => t('problems.notList')],
  [/^expected text, found (.+): left empty$/s, (m, t) => t('problems.notText', { found: found(m[1], t) })],
  [
    /^expected a parameter object, found (.+)$/s,
    (m, t) => t('problems.notParameter', { found: found(m[1], t) }),
  ],
  [
    /^expected an object of limits, found (.+): left empty$/s,
    (m, t) => t('problems.notLimits', { found: found(m[1], t) }),
  ],
  [
    /^expected text or a number, found (.+): left empty$/s,
    (m, t) => t('problems.notTextOrNumber', { found: found(m[1], t) }),
  ],
  // JSON that does not parse.
  [
    /^JSON syntax error at line (\d+), column (\d+): (.+)$/s,
    (m, t) => t('problems.json.syntax', { line: m[1], column: m[2], detail: jsonDetail(m[3], t) }),
  ],
];

/** What parse-json says went wrong at the place it names. */
const JSON_RULES: Rule[] = [
  [
    /^expected (.+) but found (.+)$/s,
    (m, t) => t('problems.json.expected', { expected: jsonWhat(m[1], t), found: jsonWhat(m[2], t) }),
  ],
  [/^a text value is not closed with "$/, (_, t) => t('problems.json.unclosed')],
  [
    /^a line break or control character inside a text value \(write \\n\)$/,
    (_, t) => t('problems.json.control'),
  ],
  [/^a \\u escape needs four hex digits$/, (_, t) => t('problems.json.unicode')],
  [/^(".*") is not a JSON escape$/s, (m, t) => t('problems.json.escape', { escape: m[1] })],
  [
    /^text values need double quotes \("\), not single quotes \('\)$/,
    (_, t) => t('problems.json.singleQuotes'),
  ],
  [
    /^no comma may come right before "(.)" in JSON$/,
    (m, t) => t('problems.json.trailingComma', { close: m[1] }),
  ],
  [/^the text is empty$/, (_, t) => t('problems.json.empty')],
  [/^not valid JSON$/, (_, t) => t('problems.json.invalid')],
];

function apply(rules: Rule[], message: string, t: Words): string | undefined {
  for (const [pattern, word] of rules) {
    const m = pattern.exec(message);
    if (m) return word(m, t);
  }
  return undefined;
}

function jsonDetail(text: string, t: Words): string {
  return apply(JSON_RULES, text, t) ?? text;
}

/** What was expected or found in JSON: words are translated, a quoted character is shown as it is. */
function jsonWhat(text: string, t: Words): string {
  switch (text) {
    case 'a value':
      return t('problems.json.what.value');
    case 'a number':
      return t('problems.json.what.number');
    case 'a field name in double quotes':
      return t('problems.json.what.fieldName');
    case 'the end of the text':
      return t('problems.json.what.end');
  }
  const either = /^"," or "(.)"$/.exec(text);
  return either ? t('problems.json.what.commaOr', { close: either[1] }) : text;
}

const KINDS = ['string', 'number', 'boolean', 'undefined', 'bigint', 'symbol', 'function', 'object'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (word: string): word is Kind => (KINDS as readonly string[]).includes(word);

/** What an import found instead ("a list", "null", "boolean true"), in the language. */
function found(text: string, t: Words): string {
  if (text === 'a list') return t('problems.found.list');
  if (text === 'null') return t('problems.found.null');
  if (text === 'an object') return t('problems.found.object');
  const a = /^a (\w+)$/.exec(text);
  if (a && isKind(a[1])) return t('problems.found.a', { kind: t(`problems.kinds.${a[1]}`) });
  const value = /^(\w+) (.+)$/s.exec(text);
  if (value && isKind(value[1]))
    return t('problems.found.value', {
      kind: t(`problems.kinds.${value[1]}`),
      value: value[2],
    });
  return text;
}

/** One message of the form's or the rule book's, in the app's language now; any other as it came. */
export function wordProblem(message: string): string {
  return apply(RULES, message, words().getFixedT(null, 'templates')) ?? message;
}
