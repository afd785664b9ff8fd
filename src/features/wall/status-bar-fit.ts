import { useLayoutEffect, type RefObject } from 'react';

/**
 * How far the status bar gives way, from not at all to the most, each step tried only when the one
 * before does not fit (wall-status-bar.css draws each):
 *
 * - full: every item in its own words;
 * - short: the short form of each item that has one ("Load 28 %", "Room away 10:42"), the long one
 *   in its tooltip;
 * - compact: counts of zero left out ("3 playing" without "0 stalled"), a narrower gauge;
 * - tight: the items of least weight (where the view came from, the budget off, overview tiles, a
 *   refused command, the broker away) shrink behind an ellipsis, in that order, their whole text in
 *   their tooltip; the tile counts, the bitrate and the decoding load never do.
 *
 * A fixed set of widths cannot do this: what fits depends on the language, the font, the catalog's
 * width beside the wall and what the bar has to say now; so the bar measures itself.
 */
export const FIT_STEPS = ['full', 'short', 'compact', 'tight'] as const;
export type FitStep = (typeof FIT_STEPS)[number];

/**
 * The first step at which the bar's items fit it (the last when none does), set as `data-fit`. A
 * warning takes the room the others leave and shortens itself behind an ellipsis: while it is cut,
 * the others take their short forms too (up to `compact`), so the warning, the one thing an operator
 * must read, has as much of the bar as can be given it.
 */
export function fitStatusBar(bar: HTMLElement): FitStep {
  const warning = bar.querySelector<HTMLElement>('.wall-status-warning');
  for (const step of FIT_STEPS) {
    if (bar.dataset.fit !== step) bar.dataset.fit = step;
    // scrollWidth counts what lies past the clipped edge; a step fits when nothing does.
    const fits = bar.scrollWidth <= bar.clientWidth;
    const warningCut = warning !== null && warning.scrollWidth > warning.clientWidth;
    if (fits && (!warningCut || step === 'compact')) return step;
  }
  return 'tight';
}

/**
 * Fit the bar now and whenever its width or its words change (a new figure, a room item coming,
 * the language switched, a font loaded). Set on the element itself, before the browser paints, so
 * no frame shows the bar overflowing and React renders nothing more.
 */
export function useStatusBarFit(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const fit = () => void fitStatusBar(bar);
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(bar);
    // Words and items only: the attribute set here is not watched, so fitting never refits itself.
    const words = new MutationObserver(fit);
    words.observe(bar, { childList: true, characterData: true, subtree: true });
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    fonts?.addEventListener('loadingdone', fit);
    return () => {
      resize.disconnect();
      words.disconnect();
      fonts?.removeEventListener('loadingdone', fit);
    };
  }, [ref]);
}
