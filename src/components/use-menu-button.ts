import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useKeepInView } from './use-keep-in-view';

const ITEMS = '[role^="menuitem"]';

/**
 * A button that opens a menu of `role="menuitem…"` buttons: the first item takes the focus on open;
 * ↑/↓ move between items (wrapping); Escape closes it with the focus back on its button; a choice
 * closes it; so does the focus leaving it. Spread `rootProps` on the element holding button and menu.
 * The open menu stays inside the window: it flips up or left where there is no room (useKeepInView).
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useKeepInView(rootRef, open);

  useEffect(() => {
    if (open) rootRef.current?.querySelector<HTMLButtonElement>(ITEMS)?.focus({ preventScroll: true });
  }, [open]);

  /** Close the menu, give the focus back to its button, then run the item's action. */
  const choose = (action: () => void) => {
    setOpen(false);
    buttonRef.current?.focus();
    action();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return { open, setOpen, id, buttonRef, choose, rootProps: { ref: rootRef, onKeyDown, onBlur } };
}
