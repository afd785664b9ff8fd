import { graphemeColumns, graphemes } from './display-width';

const ELLIPSIS = '…';

/** The columns of the graphemes from `from` to the end. */
const columnsFrom = (widths: readonly number[], from: number) =>
  widths.slice(from).reduce((sum, w) => sum + w, 0);

/**
 * A name shortened in its middle ("Perimeter Cam…NVR 12"), at most `maxChars` columns wide.
 *
 * Device names on one platform tend to share a long prefix and differ at the end (a site, then a
 * number), so cutting the end, as `text-overflow: ellipsis` does, cuts exactly what tells them apart.
 * The tail gets half of the room (the head the other half, plus one for an odd budget), and the
 * head what the tail left: a tail of Han characters in an odd half leaves a column, which the head
 * then takes (a Latin letter), so the name fills its room; spaces next to the ellipsis are dropped
 * so it reads as one word. Counts columns, not characters (a Han
 * character or an emoji is two, see display-width), and never splits a grapheme.
 */
export function elideMiddle(text: string, maxChars: number): string {
  const parts = graphemes(text);
  const widths = parts.map(graphemeColumns);
  if (columnsFrom(widths, 0) <= maxChars) return text;
  const budget = Math.floor(maxChars) - 1;
  if (budget < 1) return maxChars >= 1 ? ELLIPSIS : '';
  const tailBudget = Math.floor(budget / 2);
  let tailStart = parts.length;
  let tailUsed = 0;
  for (; tailStart > 0 && tailUsed + widths[tailStart - 1]! <= tailBudget; tailStart--)
    tailUsed += widths[tailStart - 1]!;
  let headEnd = 0;
  let headUsed = 0;
  for (; headEnd < tailStart && headUsed + widths[headEnd]! <= budget - tailUsed; headEnd++)
    headUsed += widths[headEnd]!;
  // And a column the head could not use (a Han character where one column was left) goes to the tail.
  for (; tailStart > headEnd && headUsed + tailUsed + widths[tailStart - 1]! <= budget; tailStart--)
    tailUsed += widths[tailStart - 1]!;
  const head = parts.slice(0, headEnd).join('').trimEnd();
  const tail = parts.slice(tailStart).join('').trimStart();
  return `${head}${ELLIPSIS}${tail}`;
}

/**
 * How much of a head fits before an ellipsis in `room` (pixels, or any unit `measure` gives): the
 * longest run of its graphemes that, with the ellipsis after it, is no wider than the room, and how
 * wide that is; the whole head, and its width, when it fits without one.
 *
 * `text-overflow: ellipsis` does the same inside its box but leaves the rest of the box blank, up to
 * a whole character: a Han character is as wide as two letters, so a box of Chinese left a gap of up
 * to one character between "…" and the tail. Sized to `width`, the head's box ends at its ellipsis
 * and the tail follows it. `measure` is the width of a text as drawn (a canvas's measureText in the
 * element's font); it is read a few times (a binary search), each time for a whole prefix, so
 * kerning and wide characters count as they are drawn.
 */
export function fitHead(
  head: string,
  room: number,
  measure: (text: string) => number,
): { shown: number; width: number; cut: boolean } {
  const parts = graphemes(head);
  const whole = measure(head);
  if (whole <= room) return { shown: parts.length, width: whole, cut: false };
  const widthOf = (n: number) => measure(parts.slice(0, n).join('').trimEnd() + ELLIPSIS);
  // The widths grow with n: the largest n whose width fits.
  let low = 0;
  let high = parts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (widthOf(mid) <= room) low = mid;
    else high = mid - 1;
  }
  const width = widthOf(low);
  return width <= room ? { shown: low, width, cut: true } : { shown: 0, width: 0, cut: true };
}

// Where a word ends: a space, a separator, or the CJK punctuation that does the same in Chinese
// and Japanese names ("东门、2号", "カメラ・3").
const SEPARATOR = /^(?:\s|[-_/·|:、，。：；／｜－・])$/u;
const DIGIT = /^[0-9０-９]$/u;

/**
 * A name split for CSS middle elision: the head may shrink behind `text-overflow: ellipsis`, the tail
 * always shows. The tail is the last word or two (from a word boundary where one is near), between
 * `minTail` and `maxTail` columns, so "Perimeter Cameras NVR 12" keeps "NVR 12" in any width. Columns,
 * not characters: Chinese has no spaces to cut at, and its characters are twice as wide, so the tail
 * of "一号办公楼东侧地面停车场出入口全景摄像机5" is "摄像机5" (7 columns), not six Han characters.
 * Graphemes are never split. A name no wider than `maxTail` is all head: it needs no split.
 */
export function splitForElision(text: string, minTail = 6, maxTail = 12): { head: string; tail: string } {
  const parts = graphemes(text);
  const widths = parts.map(graphemeColumns);
  if (columnsFrom(widths, 0) <= maxTail) return { head: text, tail: '' };
  const isBoundary = (i: number) => i === 0 || SEPARATOR.test(parts[i - 1]!);
  // Chinese and Japanese write a number straight after a word ("体育中心站4号站台下行"): its start is
  // where the part that tells such names apart begins.
  const isNumberStart = (i: number) =>
    i > 0 && DIGIT.test(parts[i]!) && !DIGIT.test(parts[i - 1]!) && widths[i - 1] === 2;
  // The shortest tail at least minTail wide.
  let cut = parts.length;
  for (let used = 0; cut > 0 && used < minTail; cut--) used += widths[cut - 1]!;
  let start = cut;
  let found = false;
  // The start of the word (or of the number after Han or kana) the tail begins in, as long as the
  // tail stays at most maxTail; else the next word start to the right (a shorter tail, "NVR 1");
  // else the plain cut.
  for (let i = cut; i >= 0 && columnsFrom(widths, i) <= maxTail; i--)
    if (isBoundary(i) || isNumberStart(i)) {
      [start, found] = [i, true];
      break;
    }
  if (!found)
    for (let i = cut + 1; i < parts.length; i++)
      if (isBoundary(i)) {
        start = i;
        break;
      }
  return { head: parts.slice(0, start).join(''), tail: parts.slice(start).join('') };
}
