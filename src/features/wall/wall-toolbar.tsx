import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MAX_GRID, type LayoutGrid } from '../../../electron/shared/layout';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { api } from '../../lib/bridge';
import { GRID_PRESETS } from './layout-edit';
import { WallHealth } from './wall-health';
import { useWallStore } from './wall-store';

type Open = 'save-as' | 'custom-grid' | 'remove' | null;

const gridValue = (g: LayoutGrid) => `${g.columns}x${g.rows}`;

/** Layout picker, grid size, save as, the stats default, the tiles' health and whether the wall is saved. */
export function WallToolbar() {
  const { layouts, layout, saveState, saveError, statsDefault, editable } = useWallStore(
    useShallow((s) => ({
      layouts: s.layouts,
      layout: s.layout,
      saveState: s.saveState,
      saveError: s.saveError,
      statsDefault: s.settings.statsOverlay,
      editable: s.editable(),
    })),
  );
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const store = useWallStore.getState;

  const current = layout ? gridValue(layout.grid) : '';
  const isPreset = GRID_PRESETS.some((g) => gridValue(g) === current);
  const unsavedNew = layout && !layouts.some((l) => l.id === layout.id);

  const setGrid = (grid: LayoutGrid) => {
    const dropped = store().setGrid(grid);
    setNotice(
      dropped > 0 ? `${dropped} tile${dropped === 1 ? '' : 's'} did not fit and left the wall.` : null,
    );
  };

  return (
    <div className="wall-toolbar" data-testid="wall-toolbar">
      <label className="wall-toolbar-field">
        <span className="wall-toolbar-label">Layout</span>
        <select
          className="input select input-small"
          value={layout?.id ?? ''}
          onChange={(e) => void store().openLayout(e.target.value)}
          data-testid="wall-layout-picker"
          // A locked kiosk stays on its layout.
          disabled={!editable || (layouts.length === 0 && !layout)}
        >
          {!layout && <option value="">No layout</option>}
          {unsavedNew && <option value={layout.id}>{layout.name}</option>}
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.grid.columns}×{l.grid.rows})
            </option>
          ))}
        </select>
      </label>
      {editable && (
        <label className="wall-toolbar-field">
          <span className="wall-toolbar-label">Grid</span>
          <select
            className="input select input-small"
            value={isPreset || !layout ? current : 'custom'}
            onChange={(e) => {
              if (e.target.value === 'custom') return setOpen('custom-grid');
              const [columns, rows] = e.target.value.split('x').map(Number);
              setGrid({ columns, rows });
            }}
            data-testid="wall-grid-size"
          >
            {!layout && <option value="">Choose…</option>}
            {GRID_PRESETS.map((g) => (
              <option key={gridValue(g)} value={gridValue(g)}>
                {g.columns} × {g.rows}
              </option>
            ))}
            <option value="custom">
              {isPreset || !layout ? 'Custom…' : `Custom (${layout.grid.columns} × ${layout.grid.rows})…`}
            </option>
          </select>
        </label>
      )}
      {editable && (
        <Button size="small" onClick={() => setOpen('save-as')} data-testid="wall-save-as">
          Save as…
        </Button>
      )}
      {editable && layout && !unsavedNew && (
        <Button
          size="small"
          variant="ghost"
          onClick={() => setOpen('remove')}
          data-testid="wall-remove-layout"
        >
          Remove layout
        </Button>
      )}
      {editable && (
        <Button
          size="small"
          variant="ghost"
          className={statsDefault ? 'is-on' : undefined}
          aria-pressed={statsDefault}
          onClick={() => void api.settings.set({ statsOverlay: !statsDefault })}
          title="Show playback statistics on every tile (Enter on a tile toggles its own)"
          data-testid="wall-stats-default"
        >
          Stats
        </Button>
      )}
      <span className="spacer" />
      <WallHealth />
      {notice && (
        <span className="wall-toolbar-note text-warn small" role="status">
          {notice}
        </span>
      )}
      <SaveStatus state={saveState} error={saveError} />
      {open === 'save-as' && (
        <SaveAsDialog initial={layout ? `${layout.name} copy` : 'Wall'} onClose={() => setOpen(null)} />
      )}
      {open === 'custom-grid' && (
        <CustomGridDialog
          initial={layout?.grid ?? { columns: 3, rows: 3 }}
          onClose={() => setOpen(null)}
          onApply={(grid) => {
            setGrid(grid);
            setOpen(null);
          }}
        />
      )}
      {open === 'remove' && layout && (
        <ConfirmDialog
          title="Remove layout"
          message={`Remove the layout "${layout.name}"? Its tiles leave the wall; the devices are not affected.`}
          confirmLabel="Remove"
          danger
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void store().removeLayout(layout.id);
          }}
        />
      )}
    </div>
  );
}

function SaveStatus({ state, error }: { state: string; error: string | null }) {
  if (state === 'failed')
    return (
      <span
        className="wall-save-status text-danger small"
        role="alert"
        data-testid="wall-save-status"
        data-save={state}
      >
        Not saved: {error}{' '}
        <Button size="small" variant="ghost" onClick={() => useWallStore.getState().retrySave()}>
          Try again
        </Button>
      </span>
    );
  return (
    <span className="wall-save-status text-muted small" data-testid="wall-save-status" data-save={state}>
      {state === 'saved' ? 'Saved' : 'Saving…'}
    </span>
  );
}

function SaveAsDialog({ initial, onClose }: { initial: string; onClose(): void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const result = await useWallStore.getState().saveAs(name);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  return (
    <Dialog
      title="Save the wall as a new layout"
      onClose={onClose}
      size="small"
      testId="wall-save-as-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={() => void submit()}>
            Save
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Name" value={name} onChange={setName} error={error} maxLength={100} autoFocus />
      </form>
    </Dialog>
  );
}

function CustomGridDialog({
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
  const problem = `a whole number from 1 to ${MAX_GRID}`;
  const ok = valid(columns) && valid(rows);
  return (
    <Dialog
      title="Custom grid size"
      onClose={onClose}
      size="small"
      testId="wall-custom-grid-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={!ok}
            onClick={() => onApply({ columns: Number(columns), rows: Number(rows) })}
          >
            Apply
          </Button>
        </>
      }
    >
      <div className="wall-custom-grid">
        <TextField
          label="Columns"
          inputMode="numeric"
          value={columns}
          onChange={setColumns}
          error={valid(columns) ? undefined : problem}
        />
        <TextField
          label="Rows"
          inputMode="numeric"
          value={rows}
          onChange={setRows}
          error={valid(rows) ? undefined : problem}
        />
      </div>
    </Dialog>
  );
}
