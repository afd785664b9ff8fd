/** A box in viewport pixels, as `getBoundingClientRect()` gives it. */
export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Where a menu goes: moved by (dx, dy) from where the style put it, and at most this tall (it then scrolls). */
export interface MenuPlacement {
  dx: number;
  dy: number;
  maxHeight?: number;
  /** It opens above its button (no room below). */
  up: boolean;
  /** It opens to the left of its button's right edge (no room on the right). */
  left: boolean;
  /** It opens to the right of its button's left edge (no room on the left: a right-to-left page's usual flip). */
  right: boolean;
}

export interface PlaceMenuOptions {
  /** Pixels between the button and a menu flipped above it. */
  gap?: number;
  /** The menu's reading direction: a menu wider than the bounds keeps its start in view. */
  direction?: 'ltr' | 'rtl';
}

/** Pixels kept free between a menu and the edge of the window (or of the box that clips it). */
const EDGE_MARGIN = 4;

/**
 * Keep a menu inside `bounds`: where it spills over the bottom it opens above its button instead, over
 * the right edge it opens leftwards from the button's right edge (over the left edge, as a menu of a
 * right-to-left page may, rightwards from its left edge), and where neither fits it is pushed inside
 * (and made to scroll when it is taller than the bounds). A menu that fits stays where it is.
 */
export function placeMenu(
  menu: Box,
  anchor: Box,
  bounds: Box,
  { gap = 4, direction = 'ltr' }: PlaceMenuOptions = {},
): MenuPlacement {
  const inner = {
    top: bounds.top + EDGE_MARGIN,
    left: bounds.left + EDGE_MARGIN,
    bottom: bounds.bottom - EDGE_MARGIN,
    right: bounds.right - EDGE_MARGIN,
  };
  const height = menu.bottom - menu.top;
  const width = menu.right - menu.left;
  const room = Math.max(0, inner.bottom - inner.top);

  let top = menu.top;
  let up = false;
  if (menu.bottom > inner.bottom) {
    const above = anchor.top - gap - height;
    if (above >= inner.top) [top, up] = [above, true];
    else top = Math.max(inner.top, inner.bottom - height);
  } else if (menu.top < inner.top) {
    const below = anchor.bottom + gap;
    top = below + height <= inner.bottom ? below : inner.top;
  }

  let left = menu.left;
  let leftwards = false;
  let rightwards = false;
  // Wider than the bounds: its start shows, the left edge (the right one in a right-to-left menu).
  const tooWide = width > inner.right - inner.left;
  const pinned = direction === 'rtl' ? inner.right - width : inner.left;
  if (menu.right > inner.right) {
    const alignedRight = anchor.right - width;
    if (alignedRight >= inner.left) [left, leftwards] = [alignedRight, true];
    else left = tooWide ? pinned : inner.right - width;
  } else if (menu.left < inner.left) {
    const alignedLeft = anchor.left;
    if (alignedLeft + width <= inner.right) [left, rightwards] = [alignedLeft, true];
    else left = tooWide ? pinned : inner.left;
  }

  return {
    dx: Math.round(left - menu.left),
    dy: Math.round(top - menu.top),
    ...(height > room && { maxHeight: room }),
    up,
    left: leftwards,
    right: rightwards,
  };
}

/** The part of the window an element's content can be seen in: the viewport cut by every ancestor that clips. */
export function visibleBounds(element: Element): Box {
  const box: Box = { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth };
  for (let at = element.parentElement; at && at !== document.documentElement; at = at.parentElement) {
    const style = getComputedStyle(at);
    const r = at.getBoundingClientRect();
    if (style.overflowY !== 'visible') {
      box.top = Math.max(box.top, r.top);
      box.bottom = Math.min(box.bottom, r.bottom);
    }
    if (style.overflowX !== 'visible') {
      box.left = Math.max(box.left, r.left);
      box.right = Math.min(box.right, r.right);
    }
    // A fixed box (a modal dialog, in the top layer) is not clipped by the boxes around it.
    if (style.position === 'fixed') break;
  }
  return box;
}
