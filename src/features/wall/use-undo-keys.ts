import { useEffect } from 'react';
import { useWallStore } from './wall-store';

const WALL = '[data-testid="wall"]';

/** Where Ctrl+Z belongs to the field being typed in, not to the wall. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'range', 'color', 'submit', 'reset'].includes(target.type);
  return false;
}

/**
 * Ctrl+Z (⌘Z) undoes the wall's last edit and Ctrl+Shift+Z or Ctrl+Y redoes it, while the focus is on
 * the wall (a tile, its toolbar) or nowhere in particular. Not in a text field (the field's own undo),
 * a dialog, or another panel such as the template editor, where it would reach across the screen.
 */
export function useUndoKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || !(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      const onWall = e.target === document.body || (e.target instanceof Element && !!e.target.closest(WALL));
      if (!onWall || typing(e.target) || (e.target instanceof Element && e.target.closest('dialog[open]')))
        return;
      const store = useWallStore.getState();
      const done = key === 'y' || e.shiftKey ? store.redo() : store.undo();
      if (done) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
