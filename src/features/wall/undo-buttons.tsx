import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { useWallStore } from './wall-store';

/** Undo and Redo for the wall's edits, each naming what it takes back (Ctrl+Z and Ctrl+Shift+Z do the same). */
export function UndoButtons() {
  const { undoLabel, redoLabel } = useWallStore(
    useShallow((s) => ({
      undoLabel: s.history.past.at(-1)?.label ?? null,
      redoLabel: s.history.future.at(-1)?.label ?? null,
    })),
  );
  return (
    <span className="wall-undo" role="group" aria-label="Undo and redo">
      <Button
        size="small"
        variant="ghost"
        disabled={!undoLabel}
        onClick={() => useWallStore.getState().undo()}
        title={undoLabel ? `Undo: ${undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
        aria-label={undoLabel ? `Undo: ${undoLabel}` : 'Undo'}
        data-testid="wall-undo"
      >
        ↶<span className="wall-undo-text"> Undo</span>
      </Button>
      <Button
        size="small"
        variant="ghost"
        disabled={!redoLabel}
        onClick={() => useWallStore.getState().redo()}
        title={redoLabel ? `Redo: ${redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
        aria-label={redoLabel ? `Redo: ${redoLabel}` : 'Redo'}
        data-testid="wall-redo"
      >
        ↷
      </Button>
    </span>
  );
}
