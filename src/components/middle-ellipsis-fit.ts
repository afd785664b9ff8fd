import { fitHead } from '../lib/elide-middle';

/**
 * Sizes the head of each shown middle-ellipsis name (middle-ellipsis.tsx) to the text it draws, so
 * the tail follows the ellipsis with no gap.
 *
 * The head's `text-overflow: ellipsis` keeps whole characters only and leaves the rest of its box
 * blank: with Han characters (twice a letter's width) up to a whole character of blank stood
 * between "…" and the tail. Here the room the head has is read from the layout, what fits of it
 * with the ellipsis is measured in its own font (fitHead), and its box is given that width: the
 * blank goes after the tail, where a line of text ends anyway. The browser still draws the
 * ellipsis; only the box changes, so without this (no layout, a failure) the name reads as before.
 *
 * One ResizeObserver for every name, on the boxes they sit in; each round resets every name, reads
 * them all, then writes them all, so a column being dragged costs one layout, not one per row.
 */

/** A shown name: its `.mid-ellipsis` element (head, then tail, inside). */
type NameElement = HTMLElement;

const BOX_SLACK_PX = 0.5;

let observer: ResizeObserver | null = null;
const namesIn = new Map<Element, Set<NameElement>>();
let canvas: CanvasRenderingContext2D | null | undefined;
let fontsWatched = false;

function context(): CanvasRenderingContext2D | null {
  if (canvas === undefined) canvas = document.createElement('canvas').getContext('2d');
  return canvas;
}

/** The head's font as the canvas takes it. */
function fontOf(el: Element): string {
  const s = getComputedStyle(el);
  return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
}

/** Fit these names: reset, read, then write (see above). */
function fitAll(names: Iterable<NameElement>): void {
  const ctx = context();
  if (!ctx) return;
  const heads: { head: HTMLElement; name: NameElement }[] = [];
  for (const name of names) {
    const head = name.firstElementChild as HTMLElement | null;
    if (!head || !head.nextElementSibling) continue;
    head.style.maxWidth = '';
    heads.push({ head, name });
  }
  const widths = heads.map(({ head, name }) => {
    const room = head.getBoundingClientRect().width;
    const text = head.textContent ?? '';
    if (room <= 0 || head.scrollWidth <= head.clientWidth) return null;
    ctx.font = fontOf(name);
    return fitHead(text, room, (t) => ctx.measureText(t).width).width;
  });
  heads.forEach(({ head }, i) => {
    const width = widths[i];
    if (width !== null && width !== undefined) head.style.maxWidth = `${width + BOX_SLACK_PX}px`;
  });
}

const pending = new Set<NameElement>();

/** Fit this name in the next microtask, with every other name queued meanwhile. */
function fitSoon(name: NameElement): void {
  if (pending.size === 0)
    queueMicrotask(() => {
      const names = [...pending].filter((n) => n.isConnected);
      pending.clear();
      fitAll(names);
    });
  pending.add(name);
}

function ensureObserver(): ResizeObserver {
  observer ??= new ResizeObserver((entries) => {
    const names = new Set<NameElement>();
    for (const entry of entries) for (const name of namesIn.get(entry.target) ?? []) names.add(name);
    fitAll(names);
  });
  // A font that loads late (the CJK one) changes every width.
  if (!fontsWatched && document.fonts) {
    fontsWatched = true;
    document.fonts.addEventListener('loadingdone', () =>
      fitAll([...namesIn.values()].flatMap((s) => [...s])),
    );
  }
  return observer;
}

/** Keep this name's head fitted while it is shown; returns the way to stop. */
export function watchMiddleEllipsis(name: NameElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const box = name.parentElement;
  if (!box) return () => undefined;
  const ro = ensureObserver();
  let set = namesIn.get(box);
  if (!set) {
    set = new Set();
    namesIn.set(box, set);
    ro.observe(box);
  } else {
    // Observed already: this name (new text, or a new row in the same box) is fitted before paint,
    // with every other name that came in the same commit (one layout, not one a name).
    fitSoon(name);
  }
  set.add(name);
  return () => {
    set.delete(name);
    const head = name.firstElementChild as HTMLElement | null;
    if (head) head.style.maxWidth = '';
    if (set.size === 0) {
      namesIn.delete(box);
      ro.unobserve(box);
    }
  };
}
