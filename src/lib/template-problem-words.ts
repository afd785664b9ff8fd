import i18next, { type TFunction } from 'i18next';

/** A parameter of a problem's code, as the core or the form sends it: a name, a number, a path. */
type Params = Record<string, string | number>;
type Words = TFunction<'templates'>;

/** The JSON reasons whose `expected`/`found` name what a place expects or holds (problems.json.what.*). */
const WHAT = new Set(['value', 'number', 'fieldName', 'end']);

/** What a JSON place expects or holds, in the language: a token of WHAT, `commaOr}`, or a character as it is. */
function jsonWhat(token: string | number | undefined, t: Words): string {
  const text = String(token ?? '');
  if (WHAT.has(text)) return t(`problems.json.what.${text as 'value'}`);
  if (text.startsWith('commaOr'))
    return t('problems.json.what.commaOr', { close: text.slice('commaOr'.length) });
  return text;
}

const KINDS = ['string', 'number', 'boolean', 'undefined', 'bigint', 'symbol', 'function', 'object'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (word: string): word is Kind => (KINDS as readonly string[]).includes(word);

/** What an import found instead (`found`: list, null, object or a kind; `value` when one was shown). */
function foundWords(params: Params | undefined, t: Words): string {
  const found = String(params?.found ?? '');
  if (found === 'list' || found === 'null' || found === 'object') return t(`problems.found.${found}`);
  if (!isKind(found)) return found;
  const kind = t(`problems.kinds.${found}`);
  return params?.value === undefined
    ? t('problems.found.a', { kind })
    : t('problems.found.value', { kind, value: String(params.value) });
}

/**
 * A code of the template form's or of the shared rule book's (`template.<key>`) in the operator's
 * language, from the templates catalog; undefined when the catalog has no words for it. The one
 * place these codes are worded: error-words asks here, and the form asks error-words.
 */
export function templateProblemWords(key: string, params: Params | undefined): string | undefined {
  const t = i18next.getFixedT(null, 'templates');
  if (key === 'json.syntax') {
    const reason = String(params?.reason ?? 'invalid');
    const detailKey = `problems.json.${reason}`;
    const detail = i18next.exists(detailKey, { ns: 'templates' })
      ? t(detailKey as 'problems.json.invalid', {
          ...params,
          expected: jsonWhat(params?.expected, t),
          found: jsonWhat(params?.found, t),
        })
      : t('problems.json.invalid');
    return t('problems.json.syntax', { line: params?.line, column: params?.column, detail });
  }
  const full = `problems.${key}`;
  if (!i18next.exists(full, { ns: 'templates' })) return undefined;
  const found = params?.found !== undefined ? { found: foundWords(params, t) } : {};
  return t(full as 'problems.addOne', { ...params, ...found });
}
