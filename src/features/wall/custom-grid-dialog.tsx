import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GRID, type LayoutGrid } from '../../../electron/shared/layout';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';

/** Any grid up to MAX_GRID × MAX_GRID, for the sizes the grid picker does not offer in one click. */
export function CustomGridDialog({
  initial,
  onClose,
  onApply,
}: {
  initial: LayoutGrid;
  onClose(): void;
  onApply(grid: LayoutGrid): void;
}) {
  const [columns, setColumns] = useState(String(initial.columns));
  const [rows, setRows] = useState(String(initial.rows));
  const valid = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_GRID;
  const { t } = useTranslation('wall');
  const problem = t('customGrid.problem', { max: MAX_GRID });
  const ok = valid(columns) && valid(rows);
  return (
    <Dialog
      title={t('customGrid.title')}
      onClose={onClose}
      size="small"
      testId="wall-custom-grid-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('customGrid.cancel')}</Button>
          <Button
            variant="primary"
            disabled={!ok}
            onClick={() => onApply({ columns: Number(columns), rows: Number(rows) })}
          >
            {t('customGrid.apply')}
          </Button>
        </>
      }
    >
      <div className="wall-custom-grid">
        <TextField
          label={t('customGrid.columns')}
          inputMode="numeric"
          value={columns}
          onChange={setColumns}
          error={valid(columns) ? undefined : problem}
        />
        <TextField
          label={t('customGrid.rows')}
          inputMode="numeric"
          value={rows}
          onChange={setRows}
          error={valid(rows) ? undefined : problem}
        />
      </div>
    </Dialog>
  );
}
