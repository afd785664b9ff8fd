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
const FIT_STEPS = ['full', 'short', 'compact', 'tight'] as const;
type FitStep = (typeof FIT_STEPS)[number];

/**
 * The first step at which the bar's items fit it (the last when none does), set as `data-fit`. A
 * warning takes the room the others leave and shortens itself behind an ellipsis: while it is cut,
 * the others take their short forms too (up to `compact`), so the warning, the one thing an operator
 * must read, has as much of the bar as can be given it.
 *
 * `from`: the first step tried (the steps before it are known not to fit).
 */
function fitStatusBar(bar: HTMLElement, from: FitStep = 'full'): FitStep {
  const warning = bar.querySelector<HTMLElement>('.wall-status-warning');
  for (const step of FIT_STEPS.slice(FIT_STEPS.indexOf(from))) {
    if (bar.dataset.fit !== step) bar.dataset.fit = step;
    if (fitsAsShown(bar, warning, step)) return step;
  }
  return 'tight';
}

/** Whether the bar, as it is drawn now at `step`, holds its items (and leaves a warning whole enough). */
function fitsAsShown(bar: HTMLElement, warning: HTMLElement | null, step: FitStep): boolean {
  // scrollWidth counts what lies past the clipped edge; a step fits when nothing does.
  const fits = bar.scrollWidth <= bar.clientWidth;
  const warningCut = warning !== null && warning.scrollWidth > warning.clientWidth;
  return fits && (!warningCut || step === 'compact');
}

/** What the items ask for at the step shown: the width of each one's content, whatever it is given. */
function itemsWidth(bar: HTMLElement): number {
  let width = 0;
  for (const item of bar.children) width += item.scrollWidth;
  return width;
}

/**
 * How much less the items must ask for than when their step was chosen before the wider steps are
 * tried again (px): two or three characters. Less, and a figure that shrinks by a digit now and then
 * ("Load 100 %" → "Load 98 %") made the bar try every step again, which on a busy wall was as often as
 * the figures change.
 */
const REFIT_SLACK_PX = 24;

/** A step chosen, and what the items asked for at it then. */
interface Settled {
  step: FitStep;
  width: number;
}

/**
 * Fit again after the words changed, without trying every step: the step shown stays while it still
 * fits and its items ask for no less than when it was chosen, give or take REFIT_SLACK_PX (the steps
 * before it did not fit then, and would not now); words that no longer fit move on from it; words that
 * ask for clearly less try every step again. Returns the step chosen now, or null when the one shown
 * stays.
 *
 * Why: the bar's figures change every second, and each try of a step is a style and layout of the page
 * and a repaint of the bar; on a busy wall with a warning shown, trying every step from `full` at each
 * new figure cost three of each a second.
 */
function refitStatusBar(bar: HTMLElement, settled: Settled | null): FitStep | null {
  if (!settled || bar.dataset.fit !== settled.step || settled.step === 'full') return fitStatusBar(bar);
  if (itemsWidth(bar) < settled.width - REFIT_SLACK_PX) return fitStatusBar(bar);
  const warning = bar.querySelector<HTMLElement>('.wall-status-warning');
  if (fitsAsShown(bar, warning, settled.step)) return null;
  const next = FIT_STEPS[FIT_STEPS.indexOf(settled.step) + 1];
  return next ? fitStatusBar(bar, next) : null;
}

/**
 * Fit the bar now and whenever its width or its words change (a new figure, a room item coming,
 * the language switched, a font loaded). Set on the element itself, before the browser paints, so
 * no frame shows the bar overflowing and React renders nothing more. A new width, items coming or
 * going, a font or a language try every step again; new words alone refit from the step shown.
 */
export function useStatusBarFit(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    let settled: Settled | null = null;
    const settle = (step: FitStep | null) => {
      if (step !== null) settled = { step, width: itemsWidth(bar) };
    };
    const fit = () => settle(fitStatusBar(bar));
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(bar);
    // Words and items only: the attribute set here is not watched, so fitting never refits itself.
    const words = new MutationObserver((records) => {
      // An item of the bar itself came or went: every step again.
      if (records.some((r) => r.type === 'childList' && r.target === bar)) fit();
      else settle(refitStatusBar(bar, settled));
    });
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
