import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../../src/i18n/languages';
import { NAMESPACES, resources } from '../../../../src/i18n/resources';

/**
 * Every key of the English catalogs exists in every language, with the same placeholders, and each
 * plural in exactly the forms the language has (English one/other, Chinese other alone).
 */

type Tree = { [key: string]: string | Tree };

/** Leaf keys of a catalog as dotted paths. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** A message: its placeholders (a plural's: those of all its forms) and its plural forms, if any. */
function messages(tree: Tree): Map<string, { placeholders: string[]; forms: string[] }> {
  const out = new Map<string, { placeholders: Set<string>; forms: Set<string> }>();
  for (const [path, text] of flatten(tree)) {
    const form = PLURAL.exec(path)?.[1];
    const base = form ? path.slice(0, -form.length - 1) : path;
    const entry = out.get(base) ?? { placeholders: new Set<string>(), forms: new Set<string>() };
    for (const p of placeholders(text)) entry.placeholders.add(p);
    if (form) entry.forms.add(form);
    out.set(base, entry);
  }
  return new Map(
    [...out].map(([k, v]) => [k, { placeholders: [...v.placeholders].sort(), forms: [...v.forms].sort() }]),
  );
}

/** What is wrong with `other`, a catalog in `language`, against the English `source`. */
export function parityProblems(source: Tree, other: Tree, language: string): string[] {
  const problems: string[] = [];
  const want = messages(source);
  const have = messages(other);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
  for (const [key, en] of want) {
    const it = have.get(key);
    if (!it) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (JSON.stringify(it.placeholders) !== JSON.stringify(en.placeholders))
      problems.push(
        `${key}: placeholders ${it.placeholders.join(',')} instead of ${en.placeholders.join(',')}`,
      );
    if (en.forms.length > 0 && JSON.stringify(it.forms) !== JSON.stringify(categories))
      problems.push(`${key}: plural forms ${it.forms.join(',')} instead of ${categories.join(',')}`);
    if (en.forms.length === 0 && it.forms.length > 0) problems.push(`${key}: plural here, not in English`);
  }
  for (const key of have.keys()) if (!want.has(key)) problems.push(`${key}: not in English`);
  return problems;
}

describe('message catalogs', () => {
  it('English gives every plural the forms English has, and every message a placeholder set', () => {
    for (const ns of NAMESPACES) {
      const en = resources.en[ns] as Tree;
      expect(parityProblems(en, en, 'en'), ns).toEqual([]);
    }
  });

  for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))
    for (const ns of NAMESPACES)
      it(`${language} ${ns}: every key, the same placeholders, the language's plural forms`, () => {
        expect(resources[language][ns], `${language}/${ns}.json is bundled`).toBeDefined();
        expect(parityProblems(resources.en[ns] as Tree, resources[language][ns] as Tree, language)).toEqual(
          [],
        );
      });

  it('no translation is left in English by mistake (a Chinese catalog has Chinese in its sentences)', () => {
    for (const ns of NAMESPACES) {
      const untranslated = [...flatten(resources['zh-CN'][ns] as Tree)].filter(
        ([key, text]) =>
          // Several words of Latin letters and no Han character: an English sentence copied over.
          /[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(text.replace(/\{\{[^}]*\}\}/g, '')) &&
          !/\p{Script=Han}/u.test(text) &&
          !key.endsWith('timePlaceholder'),
      );
      expect(untranslated, ns).toEqual([]);
    }
  });

  it('reports a missing key, a wrong placeholder, a missing plural form and an extra key', () => {
    const en: Tree = { a: 'A {{name}}', b: 'B', n_one: '{{count}} x', n_other: '{{count}} xs' };
    expect(parityProblems(en, { a: 'A {{nom}}', n_other: '{{count}}', c: 'C' }, 'en')).toEqual([
      'a: placeholders nom instead of name',
      'b: missing',
      'n: plural forms other instead of one,other',
      'c: not in English',
    ]);
    // Chinese has the "other" form alone: giving it that is right, giving it "one" too is not.
    expect(parityProblems(en, { a: 'A{{name}}', b: 'B', n_other: '{{count}}' }, 'zh-CN')).toEqual([]);
    expect(
      parityProblems(en, { a: 'A{{name}}', b: 'B', n_one: '{{count}}', n_other: '{{count}}' }, 'zh-CN'),
    ).toEqual(['n: plural forms one,other instead of other']);
  });
});
