import i18next from 'i18next';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNoticesStore } from '../../session/notices-store';
import type { Slot } from './layout-edit';
import { namesList } from './names-list';
import { tileName } from './tile-name';
import { undoAction, WALL_NOTICE_ID } from './undo-action';
import { useWallStore } from './wall-store';
import './wall-layouts.css';

/**
 * Merge the selected cells into one tile and say what it did to the cameras in them: the first keeps
 * playing in the large tile, the others moved to free cells or, without room, were parked (named).
 */
export function mergeSelectionOnWall(): boolean {
  const store = useWallStore.getState();
  const rect = store.selectionRect();
  const outcome = store.mergeSelection();
  if (!outcome || !rect) return false;
  const t = i18next.t.bind(i18next);
  const sentences = [
    t('tiles:merge.merged', { columns: rect.columnSpan, rows: rect.rowSpan }),
    outcome.moved.length ? t('tiles:merge.moved', { names: namesList(outcome.moved.map(tileName)) }) : null,
    outcome.parked.length
      ? t('tiles:merge.parked', { names: namesList(outcome.parked.map(tileName)) })
      : null,
  ];
  useNoticesStore.getState().notify({
    id: WALL_NOTICE_ID,
    level: outcome.parked.length ? 'warning' : 'info',
    message: sentences.filter(Boolean).join(t('tiles:figures.sentenceGap')),
    action: undoAction(outcome.editId),
  });
  return true;
}

/**
 * The selected rectangle of cells, drawn over the grid, with what can be done with it: Merge (M)
 * or let go (Escape).
 */
export function MergeBar({ range, editable }: { range: Slot; editable: boolean }) {
  const { t } = useTranslation('tiles');
  const style: CSSProperties = {
    gridColumn: `${range.column} / span ${range.columnSpan}`,
    gridRow: `${range.row} / span ${range.rowSpan}`,
  };
  return (
    <div
      className="wall-selection"
      style={style}
      data-testid="wall-selection"
      data-range={`${range.column},${range.row},${range.columnSpan}x${range.rowSpan}`}
    >
      {editable && (
        <div className="wall-selection-bar" role="toolbar" aria-label={t('merge.toolbar')}>
          <span className="wall-selection-size">
            {t('merge.selected', { columns: range.columnSpan, rows: range.rowSpan })}
          </span>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => mergeSelectionOnWall()}
            data-testid="wall-merge"
          >
            {t('merge.merge')} <kbd>M</kbd>
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            aria-label={t('merge.cancel')}
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => useWallStore.getState().selectRange(null)}
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
