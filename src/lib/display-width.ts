/**
 * How wide text is on screen, in columns: a Latin letter is one, a Han character, kana, Hangul or a
 * fullwidth form two (Unicode's East Asian Width W and F), as is an emoji.
 *
 * Counting characters is wrong for Chinese, Japanese and Korean names: six Han characters are as wide
 * as twelve Latin letters. Text is taken apart by grapheme (what a reader sees as one character), so a
 * surrogate pair, an emoji sequence or a letter with its accents is never split.
 */

// East Asian Width W and F (Unicode 15), the ranges a device or place name can hold; emoji are
// found by their property instead (below).
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], // Hangul Jamo, leading consonants
  [0x2329, 0x232a], // angle brackets
  [0x2e80, 0x303e], // CJK radicals, Kangxi, CJK symbols and punctuation (3000 ideographic space)
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
  [0x3400, 0x4dbf], // CJK Unified Ideographs Extension A
  [0x4e00, 0xa4cf], // CJK Unified Ideographs, Yi
  [0xa960, 0xa97f], // Hangul Jamo Extended-A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK Compatibility Ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth ASCII and punctuation (not the halfwidth kana after them)
  [0xffe0, 0xffe6], // fullwidth signs
  [0x16fe0, 0x16fe4], // ideographic symbols
  [0x17000, 0x18cff], // Tangut, Khitan
  [0x1aff0, 0x1b2ff], // kana supplement and extensions, Nushu
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3fffd], // CJK extensions B and beyond
];

const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
// Nothing on its own: a control, a format character (ZWJ, a direction mark), a stray combining mark.
const ZERO_WIDTH = /^[\p{Cc}\p{Cf}\p{M}]+$/u;
// Without Intl.Segmenter: a flag (two regional indicators), or a character with the marks and
// joined characters that follow it.
const GRAPHEME_FALLBACK = /\p{RI}\p{RI}|\P{M}(?:\u200D\P{M}|\p{M})*|\p{M}+/gsu;

let segmenter: Intl.Segmenter | null | undefined;

/** The graphemes of a text, in order: joined, they give the text back. */
export function graphemes(text: string): string[] {
  // Made on first use, not at import; looked up each time it is missing (a test may take it away).
  if (!segmenter)
    segmenter =
      typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  if (segmenter && typeof Intl.Segmenter === 'function')
    return Array.from(segmenter.segment(text), (s) => s.segment);
  return text.match(GRAPHEME_FALLBACK) ?? [];
}

function isWideCodePoint(code: number): boolean {
  let low = 0;
  let high = WIDE_RANGES.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [from, to] = WIDE_RANGES[mid]!;
    if (code < from) high = mid - 1;
    else if (code > to) low = mid + 1;
    else return true;
  }
  return false;
}

/** The columns one grapheme takes: 0, 1 or 2. */
export function graphemeColumns(grapheme: string): number {
  if (grapheme === '' || ZERO_WIDTH.test(grapheme)) return 0;
  if (isWideCodePoint(grapheme.codePointAt(0)!) || EMOJI.test(grapheme)) return 2;
  return 1;
}

/** The columns a text takes. */
export function textColumns(text: string): number {
  return graphemes(text).reduce((sum, g) => sum + graphemeColumns(g), 0);
}
