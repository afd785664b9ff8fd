import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('wall');
  return (
    <span className="wall-undo" role="group" aria-label={t('undo.group')}>
      <Button
        size="small"
        variant="ghost"
        disabled={!undoLabel}
        onClick={() => useWallStore.getState().undo()}
        title={undoLabel ? t('undo.undoTitle', { what: undoLabel }) : t('undo.nothingToUndo')}
        aria-label={undoLabel ? t('undo.undoLabel', { what: undoLabel }) : t('undo.undo')}
        data-testid="wall-undo"
      >
        ↶<span className="wall-undo-text"> {t('undo.undo')}</span>
      </Button>
      <Button
        size="small"
        variant="ghost"
        disabled={!redoLabel}
        onClick={() => useWallStore.getState().redo()}
        title={redoLabel ? t('undo.redoTitle', { what: redoLabel }) : t('undo.nothingToRedo')}
        aria-label={redoLabel ? t('undo.redoLabel', { what: redoLabel }) : t('undo.redo')}
        data-testid="wall-redo"
      >
        ↷
      </Button>
    </span>
  );
}
