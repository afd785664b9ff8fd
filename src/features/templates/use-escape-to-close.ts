import { useEffect, useRef, type RefObject } from 'react';

/** The button that opened the panel: it names the panel's container in aria-controls (the top bar's toggle). */
function findOpener(panel: HTMLElement | null): HTMLElement | null {
  const container = panel?.closest<HTMLElement>('[id]');
  if (!container) return null;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(container.id)}"]`);
}

/**
 * Escape closes the side panel when the focus is in it or on the button that opened it, unless a
 * dialog is open (Escape is the dialog's) or something inside already used the key. The focus then
 * goes back to the opener, so the keyboard user is not dropped onto the page.
 */
export function useEscapeToClose(panel: RefObject<HTMLElement | null>, close: () => void): () => void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const root = panel.current;
      const target = e.target instanceof Element ? e.target : null;
      if (!root || !target) return;
      if (document.querySelector('dialog[open]')) return;
      const opener = findOpener(root);
      if (!root.contains(target) && target !== opener) return;
      e.preventDefault();
      closeRef.current();
      opener?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [panel]);

  return () => {
    const opener = findOpener(panel.current);
    closeRef.current();
    opener?.focus();
  };
}
