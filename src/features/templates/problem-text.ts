import type { TFunction } from 'i18next';
import type { ErrorParams } from '../../../electron/shared/domain';
import { fieldProblemWords } from '../../lib/error-words';
import { words } from './words';

/** A problem (or a note) as the form holds it: its English words, and the code it is worded from. */
export interface CodedWords {
  message: string;
  code?: string;
  params?: ErrorParams;
}

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
function foundWords(params: ErrorParams | undefined, t: Words): string {
  const found = String(params?.found ?? '');
  if (found === 'list' || found === 'null' || found === 'object') return t(`problems.found.${found}`);
  if (!isKind(found)) return found;
  const kind = t(`problems.kinds.${found}`);
  return params?.value === undefined
    ? t('problems.found.a', { kind })
    : t('problems.found.value', { kind, value: String(params.value) });
}

/** A code of the form's or the rule book's (`template.<key>`), worded by the templates catalog. */
function templateWords(key: string, params: ErrorParams | undefined, t: Words): string | undefined {
  if (key === 'json.syntax') {
    const reason = String(params?.reason ?? 'invalid');
    const detailKey = `problems.json.${reason}`;
    const detail = words().exists(detailKey, { ns: 'templates' })
      ? t(detailKey as 'problems.json.invalid', {
          ...params,
          expected: jsonWhat(params?.expected, t),
          found: jsonWhat(params?.found, t),
        })
      : t('problems.json.invalid');
    return t('problems.json.syntax', { line: params?.line, column: params?.column, detail });
  }
  const full = `problems.${key}`;
  if (!words().exists(full, { ns: 'templates' })) return undefined;
  const found = params?.found !== undefined ? { found: foundWords(params, t) } : {};
  return t(full as 'problems.addOne', { ...params, ...found });
}

/**
 * A problem of the form (or of the core, or the platform) in the operator's language, from its code:
 * the form's and the rule book's (`template.*`) by the templates catalog, in every language; the
 * core's (`input.*`, `platform.*`) by the errors catalog; a problem with no code known here (the
 * platform's own words about a field) as it came.
 */
export function wordProblem(problem: CodedWords): string {
  const { code, params } = problem;
  if (code?.startsWith('template.')) {
    const t = words().getFixedT(null, 'templates');
    return templateWords(code.slice('template.'.length), params, t) ?? problem.message;
  }
  if (code?.startsWith('templates:'))
    return (words().t as unknown as (k: string, o?: object) => string)(code, params) || problem.message;
  return fieldProblemWords(problem);
}
