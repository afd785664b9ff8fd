import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { placeMenu, visibleBounds } from './menu-placement';

const MENU = '[role="menu"], [role="listbox"], [data-popover]';
const ANCHOR = '[aria-haspopup], [aria-expanded]';

/**
 * Keep the open menu (or popover) under `rootRef` inside the window: it flips up when there is no
 * room below its button, left when there is none on the right (right when there is none on the left,
 * as in a right-to-left page), and is pushed inside (scrolling when taller than the window) when
 * neither fits. Measured after every render while open (its items may change) and when the window is
 * resized; `data-placement` on the menu says where it went.
 */
export function useKeepInView(rootRef: RefObject<HTMLElement | null>, open: boolean): void {
  const [, setResized] = useState(0);

  useLayoutEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const menu = root?.querySelector<HTMLElement>(MENU);
    if (!root || !menu) return;
    // Measured where the style puts it, then moved.
    menu.style.transform = '';
    menu.style.maxHeight = '';
    const anchor = root.querySelector<HTMLElement>(ANCHOR) ?? root;
    const direction = getComputedStyle(menu).direction === 'rtl' ? 'rtl' : 'ltr';
    const at = placeMenu(menu.getBoundingClientRect(), anchor.getBoundingClientRect(), visibleBounds(menu), {
      direction,
    });
    if (at.dx !== 0 || at.dy !== 0) menu.style.transform = `translate(${at.dx}px, ${at.dy}px)`;
    if (at.maxHeight !== undefined) {
      menu.style.maxHeight = `${at.maxHeight}px`;
      menu.style.overflowY = 'auto';
    }
    menu.dataset.placement = `${at.up ? 'up' : 'down'}${at.left ? ' left' : ''}${at.right ? ' right' : ''}`;
  });

  useEffect(() => {
    if (!open) return;
    const onResize = () => setResized((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open]);
}
