const ELLIPSIS = '…';

/**
 * A name shortened in its middle ("Perimeter Cam…NVR 12"), at most `maxChars` characters.
 *
 * Device names on one platform tend to share a long prefix and differ at the end (a site, then a
 * number), so cutting the end, as `text-overflow: ellipsis` does, cuts exactly what tells them apart.
 * The tail gets half of the room (the head the other half, plus one for an odd budget); spaces next
 * to the ellipsis are dropped so it reads as one word. Counts code points, so an emoji is never split.
 */
export function elideMiddle(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const budget = Math.floor(maxChars) - 1;
  if (budget < 1) return maxChars >= 1 ? ELLIPSIS : '';
  const tailLength = Math.floor(budget / 2);
  const head = chars
    .slice(0, budget - tailLength)
    .join('')
    .trimEnd();
  const tail =
    tailLength > 0
      ? chars
          .slice(chars.length - tailLength)
          .join('')
          .trimStart()
      : '';
  return `${head}${ELLIPSIS}${tail}`;
}

/**
 * A name split for CSS middle elision: the head may shrink behind `text-overflow: ellipsis`, the tail
 * always shows. The tail is the last word or two (from a word boundary where one is near), between
 * `minTail` and `maxTail` characters, so "Perimeter Cameras NVR 12" keeps "NVR 12" in any width.
 * A name no longer than `maxTail` is all head: it needs no split.
 */
export function splitForElision(text: string, minTail = 6, maxTail = 12): { head: string; tail: string } {
  const chars = Array.from(text);
  if (chars.length <= maxTail) return { head: text, tail: '' };
  const isBoundary = (i: number) => i === 0 || /\s|[-_/·|:]/u.test(chars[i - 1]!);
  const cut = chars.length - minTail;
  let start = cut;
  // The start of the word the tail begins in, as long as the tail stays at most maxTail; else the
  // next word start to the right (a shorter tail, "NVR 1"); else the plain cut.
  for (let i = cut; i >= chars.length - maxTail; i--)
    if (isBoundary(i)) {
      start = i;
      break;
    }
  if (start === cut && !isBoundary(cut))
    for (let i = cut + 1; i < chars.length; i++)
      if (isBoundary(i)) {
        start = i;
        break;
      }
  return { head: chars.slice(0, start).join(''), tail: chars.slice(start).join('') };
}
