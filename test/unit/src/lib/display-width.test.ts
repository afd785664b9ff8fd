import { afterEach, describe, expect, it } from 'vitest';
import { graphemeColumns, graphemes, textColumns } from '../../../../src/lib/display-width';

describe('textColumns', () => {
  it('counts a Latin letter, digit or space one column', () => {
    expect(textColumns('NVR 12')).toBe(6);
    expect(textColumns('Café')).toBe(4);
    expect(textColumns('')).toBe(0);
  });

  it('counts Han, kana, Hangul, fullwidth forms and CJK punctuation two columns', () => {
    expect(textColumns('摄像机')).toBe(6);
    expect(textColumns('カメラ')).toBe(6);
    expect(textColumns('ひらがな')).toBe(8);
    expect(textColumns('카메라')).toBe(6);
    expect(textColumns('ＮＶＲ１２')).toBe(10);
    expect(textColumns('、。，（）【】「」　')).toBe(20);
    // A character of CJK Extension B, beyond the first plane (a surrogate pair in UTF-16).
    expect(textColumns('𠀋')).toBe(2);
  });

  it('counts halfwidth kana and Hangul one column, as they are drawn', () => {
    expect(textColumns('ｶﾒﾗ')).toBe(3);
    expect(textColumns('ﾡ')).toBe(1);
  });

  it('counts a mixed name by its parts', () => {
    expect(textColumns('一号楼 NVR 12')).toBe(6 + 1 + 6);
    expect(textColumns('東京駅カメラ12')).toBe(12 + 2);
  });

  it('counts an emoji two columns, a sequence of them as one', () => {
    expect(textColumns('📷')).toBe(2);
    expect(textColumns('👨‍👩‍👧‍👦')).toBe(2);
    expect(textColumns('🇨🇳')).toBe(2);
    expect(textColumns('❤️')).toBe(2);
    // Text presentation without the variation selector: one column.
    expect(textColumns('❤')).toBe(1);
  });

  it('counts an accent with its letter, and a control or joiner alone as nothing', () => {
    expect(textColumns('e\u0301')).toBe(1);
    expect(graphemeColumns('\u200B')).toBe(0);
    expect(graphemeColumns('\u0007')).toBe(0);
  });
});

describe('graphemes', () => {
  const segmenter = Intl.Segmenter;
  afterEach(() => {
    Object.defineProperty(Intl, 'Segmenter', { value: segmenter, configurable: true, writable: true });
  });

  const cases = ['📷摄像机👨‍👩‍👧‍👦', 'Cafe\u0301 🇨🇳', '𠀋𠀋'];

  it('takes text apart by what a reader sees as one character', () => {
    expect(graphemes('📷摄像机👨‍👩‍👧‍👦')).toEqual(['📷', '摄', '像', '机', '👨‍👩‍👧‍👦']);
    expect(graphemes('Cafe\u0301')).toEqual(['C', 'a', 'f', 'e\u0301']);
    for (const text of cases) expect(graphemes(text).join('')).toBe(text);
  });

  it('keeps surrogate pairs, accents and joined emoji whole without Intl.Segmenter', () => {
    Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true });
    expect(graphemes('📷摄像机👨‍👩‍👧‍👦')).toEqual(['📷', '摄', '像', '机', '👨‍👩‍👧‍👦']);
    expect(graphemes('Cafe\u0301')).toEqual(['C', 'a', 'f', 'e\u0301']);
    expect(graphemes('𠀋𠀋')).toEqual(['𠀋', '𠀋']);
    expect(graphemes('🇨🇳🇯🇵')).toEqual(['🇨🇳', '🇯🇵']);
  });
});
