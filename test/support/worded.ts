import i18next from 'i18next';
import { expect } from 'vitest';
import { startI18n } from '../../src/i18n/start-i18n';
import { errorWords, noticeWords, type CodedError } from '../../src/lib/error-words';

/** A coded error or notice as the renderer gets it. */
type Coded = CodedError & { code?: string };

/** Three English words in a row: a sentence (or part of one) the operator was not meant to read. */
const ENGLISH_RUN = /\b[A-Za-z]{2,}(?:[ ,;:’']+[A-Za-z]{2,}){2,}\b/;

/**
 * What the renderer shows for a coded error (or notice) in zh-CN, asserting that it is worded there:
 * it has a code whose words exist in both catalogs, every placeholder is filled, the words are
 * Chinese, and no English sentence is left once the parameters (names, paths, technical words the
 * core passes as they are) are taken out. The app's language is English again afterwards.
 */
export function zhWords(error: Coded): string {
  expect(error.code, `coded: ${error.message}`).toEqual(expect.any(String));
  const code = error.code!;
  try {
    startI18n('zh-CN');
    const words = errorWords(error);
    expect(words, `zh-CN words for ${code}`).toEqual(expect.any(String));
    expect(words, code).not.toMatch(/\{\{|\}\}/);
    expect(words, code).toMatch(/[\u4e00-\u9fff]/);
    let rest = words!;
    for (const value of paramValues(error)) rest = rest.split(value).join('');
    expect(rest.match(ENGLISH_RUN)?.[0], `English left in ${code}: ${words}`).toBeUndefined();
    return words!;
  } finally {
    startI18n('en');
  }
}

/** zhWords for a notice, through the renderer's own noticeWords. */
export function zhNotice(notice: Coded): string {
  const words = zhWords(notice);
  try {
    startI18n('zh-CN');
    expect(noticeWords(notice)).toBe(words);
  } finally {
    startI18n('en');
  }
  return words;
}

/** Whether English has words for a code (an English reader sees the core's message, but a code is worded in every catalog). */
export function hasEnglishWords(code: string): boolean {
  startI18n('en');
  return i18next.exists(code, { ns: 'errors', lng: 'en' });
}

/** The parameters' values (and their problems'), longest first, as they may appear in the words. */
function paramValues(error: Coded): string[] {
  const values = [
    ...Object.values(error.params ?? {}),
    ...(error.details ?? []).flatMap((d) => [d.path, ...Object.values(d.params ?? {})]),
  ].map(String);
  return [...new Set(values)].filter((v) => v !== '').sort((a, b) => b.length - a.length);
}
