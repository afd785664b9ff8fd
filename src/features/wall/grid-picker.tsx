import { useState } from 'react';
import type { LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CustomGridDialog } from './custom-grid-dialog';
import { GRID_PRESETS } from './layout-edit';
import { namesList } from './names-list';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';

const gridValue = (g: LayoutGrid) => `${g.columns}x${g.rows}`;

/**
 * The grid size: presets, or any size through "Custom…". Making the grid smaller asks first when
 * cameras would leave the wall, and names them; they are parked in the layout, not lost.
 */
export function GridPicker({ grid }: { grid: LayoutGrid | null }) {
  const [custom, setCustom] = useState(false);
  const [shrink, setShrink] = useState<{ grid: LayoutGrid; leaving: LayoutTile[] } | null>(null);
  const current = grid ? gridValue(grid) : '';
  const isPreset = GRID_PRESETS.some((g) => gridValue(g) === current);

  const choose = (next: LayoutGrid) => {
    const leaving = useWallStore.getState().previewGrid(next);
    if (leaving.length > 0) setShrink({ grid: next, leaving });
    else useWallStore.getState().setGrid(next);
  };

  return (
    <>
      <label className="wall-toolbar-field">
        <span className="wall-toolbar-label">Grid</span>
        <select
          className="input select input-small"
          value={isPreset || !grid ? current : 'custom'}
          onChange={(e) => {
            if (e.target.value === 'custom') return setCustom(true);
            const [columns, rows] = e.target.value.split('x').map(Number);
            choose({ columns, rows });
          }}
          aria-label="Grid size"
          data-testid="wall-grid-size"
        >
          {!grid && <option value="">Choose…</option>}
          {GRID_PRESETS.map((g) => (
            <option key={gridValue(g)} value={gridValue(g)}>
              {g.columns} × {g.rows}
            </option>
          ))}
          <option value="custom">{isPreset || !grid ? 'Custom…' : `${grid.columns} × ${grid.rows}…`}</option>
        </select>
      </label>
      {custom && (
        <CustomGridDialog
          initial={grid ?? { columns: 3, rows: 3 }}
          onClose={() => setCustom(false)}
          onApply={(next) => {
            setCustom(false);
            choose(next);
          }}
        />
      )}
      {shrink && (
        <ConfirmDialog
          title={`Make the grid ${shrink.grid.columns} × ${shrink.grid.rows}?`}
          message={
            <div data-testid="wall-shrink-message">
              <p>
                {shrink.leaving.length === 1 ? '1 camera doesn’t' : `${shrink.leaving.length} cameras don’t`}{' '}
                fit in {shrink.grid.columns} × {shrink.grid.rows}: {namesList(shrink.leaving.map(tileName))}.
                Shrink anyway?
              </p>
              <p className="text-muted small">
                They are kept with the layout (parked) and come back to their cells when the grid is large
                enough again. Undo brings them back at once.
              </p>
            </div>
          }
          confirmLabel={`Shrink to ${shrink.grid.columns} × ${shrink.grid.rows}`}
          onCancel={() => setShrink(null)}
          onConfirm={() => {
            useWallStore.getState().setGrid(shrink.grid);
            setShrink(null);
          }}
        />
      )}
    </>
  );
}
