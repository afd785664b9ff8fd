import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError } from '../../../electron/shared/contract';
import type { Layout } from '../../../electron/shared/layout';
import type { ImportConflict, ViewsImportSummary } from '../../../electron/shared/views-transfer';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { api } from '../../lib/bridge';
import { downloadJsonText } from '../../lib/download-file';
import { useProfilesStore } from '../../session/profiles-store';
import { useTourStore } from './tour-store';
import { useWallStore } from './wall-store';
import './views-dialog.css';

/** What views:import takes at most (ViewsImportInputSchema: the core refuses more); checked before reading a file. */
const MAX_VIEWS_FILE_BYTES = 2_000_000;

type ImportOutcome =
  | { ok: true; fileName: string; summary: ViewsImportSummary }
  | { ok: false; fileName: string; error: AppError };

const OUTCOME_WORDS: Record<ViewsImportSummary['views'][number]['outcome'], string> = {
  added: 'added',
  copied: 'added as a copy',
  replaced: 'replaced the saved one',
  unchanged: 'already here, unchanged',
};

/** "3 × 2 · 4 tiles" */
function shape(layout: Layout): string {
  const n = layout.tiles.length;
  return `${layout.grid.columns} × ${layout.grid.rows} · ${n === 0 ? 'empty' : `${n} tile${n === 1 ? '' : 's'}`}`;
}

function nameProblem(name: string, id: string, layouts: readonly Layout[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'A name is required.';
  if (trimmed.length > 100) return 'At most 100 characters.';
  const clash = layouts.find((l) => l.id !== id && l.name.trim().toLowerCase() === trimmed.toLowerCase());
  if (clash) return `Another view is already called "${clash.name}".`;
  return undefined;
}

/**
 * The saved views (layouts) managed in one place: rename (inline), duplicate, delete (asked first),
 * and export or import as a JSON file without any secret. An import that is refused lists every
 * problem by its JSON path and changes nothing.
 */
export function ViewsDialog({ onClose }: { onClose(): void }) {
  const { layouts, openId, changes } = useWallStore(
    useShallow((s) => ({ layouts: s.layouts, openId: s.layout?.id ?? null, changes: s.changes })),
  );
  // The tours (the toolbar's tour menu loads and follows them) and the profiles (the app's), as the
  // wall already has them: nothing to ask the core again.
  const tours = useTourStore((s) => s.tours);
  const profiles = useProfilesStore((s) => s.profiles);
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [removing, setRemoving] = useState<Layout | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [onConflict, setOnConflict] = useState<ImportConflict>('copy');
  const [imported, setImported] = useState<ImportOutcome | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const conflictId = useId();

  const selected = profiles.find((p) => p.selected);
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name;
  const toursOf = (id: string) =>
    tours.filter((t) => (t.kind === 'views' ? t.views.includes(id) : t.view === id)).map((t) => t.name);

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    setRowError(null);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const saveName = (e?: FormEvent) => {
    e?.preventDefault();
    if (!editing) return;
    const { id, name } = editing;
    const problem = nameProblem(name, id, layouts);
    if (problem) {
      setEditing({ ...editing, error: problem });
      return;
    }
    if (layouts.find((l) => l.id === id)?.name === name.trim()) {
      setEditing(null);
      return;
    }
    void run(`rename:${id}`, async () => {
      const result = await api.layouts.rename({ id, name: name.trim() });
      if (!result.ok) {
        setEditing({ id, name, error: result.error.details?.[0]?.message ?? result.error.message });
        return;
      }
      setEditing(null);
      // The open wall has edits of its own: it keeps them, under the new name (a later Save must
      // not write the old name back). Without edits the wall follows layouts:changed by itself.
      const wall = useWallStore.getState();
      if (wall.changes !== 'none') wall.renamed(id, result.value.name);
    });
  };

  const duplicate = (layout: Layout) =>
    run(`duplicate:${layout.id}`, async () => {
      const result = await api.layouts.duplicate({ id: layout.id });
      if (!result.ok) setRowError({ id: layout.id, message: result.error.message });
    });

  const exportViews = (ids?: string[]) =>
    run(ids ? `export:${ids[0]}` : 'export-all', async () => {
      const result = await api.views.export(ids ? { views: ids } : undefined);
      if (!result.ok) {
        setRowError({ id: ids?.[0] ?? '', message: result.error.message });
        return;
      }
      downloadJsonText(result.value.fileName, result.value.text);
    });

  const remove = (layout: Layout) =>
    run(`remove:${layout.id}`, async () => {
      setRemoving(null);
      const result = await api.layouts.remove({ id: layout.id });
      if (!result.ok) setRowError({ id: layout.id, message: result.error.message });
    });

  const importFile = async (file: File) => {
    setImported(null);
    if (file.size > MAX_VIEWS_FILE_BYTES) {
      setImported({
        ok: false,
        fileName: file.name,
        error: { kind: 'invalid-input', message: `${file.name} is larger than 2 MB: not a views file.` },
      });
      return;
    }
    await run('import', async () => {
      const text = await file.text();
      const result = await api.views.import({ text, onConflict });
      setImported(
        result.ok
          ? { ok: true, fileName: file.name, summary: result.value }
          : { ok: false, fileName: file.name, error: result.error },
      );
    });
  };

  return (
    <Dialog
      title="Views"
      onClose={onClose}
      size="large"
      testId="views-dialog"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p className="text-muted small views-intro">
        A view is a saved layout: the grid, its merged tiles and what plays where. Tours show views in turn.
      </p>
      {layouts.length === 0 ? (
        <p className="views-empty" data-testid="views-empty">
          No saved views yet. Save the wall with <strong>⋯ → Save as a new view…</strong>, or import a views
          file below.
        </p>
      ) : (
        <ul className="views-list" aria-label="Saved views">
          {layouts.map((layout) => {
            const inTours = toursOf(layout.id);
            const profile = profileName(layout.profileId);
            const isEditing = editing?.id === layout.id;
            return (
              <li key={layout.id} className="views-row" data-testid="views-row" data-view-id={layout.id}>
                <div className="views-row-main">
                  {isEditing ? (
                    <form className="views-rename" onSubmit={saveName} noValidate>
                      <input
                        className="input input-small"
                        aria-label={`New name for ${layout.name}`}
                        aria-invalid={editing.error ? true : undefined}
                        aria-describedby={editing.error ? `${layout.id}-rename-error` : undefined}
                        value={editing.name}
                        maxLength={120}
                        autoFocus
                        onChange={(e) =>
                          setEditing({
                            id: layout.id,
                            name: e.target.value,
                            error: editing.error && nameProblem(e.target.value, layout.id, layouts),
                          })
                        }
                        onKeyDown={(e) => {
                          if (e.key !== 'Escape') return;
                          // Only the rename ends, not the dialog around it.
                          e.preventDefault();
                          e.stopPropagation();
                          setEditing(null);
                        }}
                        data-testid="views-rename-input"
                      />
                      <Button
                        type="submit"
                        size="small"
                        variant="primary"
                        busy={busy === `rename:${layout.id}`}
                        data-testid="views-rename-save"
                      >
                        Save
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                      {editing.error && (
                        <p
                          className="field-error views-rename-error"
                          id={`${layout.id}-rename-error`}
                          role="alert"
                        >
                          {editing.error}
                        </p>
                      )}
                    </form>
                  ) : (
                    <p className="views-row-title">
                      <span className="views-row-name" data-testid="views-row-name">
                        {layout.name}
                      </span>
                      {layout.id === openId && (
                        <Badge
                          tone="info"
                          title={changes === 'none' ? undefined : 'With edits not saved yet'}
                        >
                          On the wall{changes === 'none' ? '' : ' · edited'}
                        </Badge>
                      )}
                    </p>
                  )}
                  <p className="views-row-meta small text-muted">
                    <span>{shape(layout)}</span>
                    <span className={profile ? undefined : 'views-row-missing'}>
                      {profile
                        ? `plays with ${profile}`
                        : `profile "${layout.profileId}" is not on this computer`}
                    </span>
                    {inTours.length > 0 && (
                      <span>
                        in tour{inTours.length === 1 ? '' : 's'} {inTours.map((n) => `"${n}"`).join(', ')}
                      </span>
                    )}
                  </p>
                  {rowError?.id === layout.id && (
                    <p className="views-row-error" role="alert" data-testid="views-row-error">
                      {rowError.message}
                    </p>
                  )}
                </div>
                {!isEditing && (
                  <div className="views-row-actions" role="group" aria-label={`${layout.name} actions`}>
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => {
                        setRowError(null);
                        setEditing({ id: layout.id, name: layout.name });
                      }}
                      data-testid="views-rename"
                    >
                      Rename
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      busy={busy === `duplicate:${layout.id}`}
                      onClick={() => void duplicate(layout)}
                      data-testid="views-duplicate"
                    >
                      Duplicate
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      busy={busy === `export:${layout.id}`}
                      onClick={() => void exportViews([layout.id])}
                      title="Download this view as a JSON file (no passwords or keys in it)"
                      data-testid="views-export-one"
                    >
                      Export
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      className="views-delete"
                      busy={busy === `remove:${layout.id}`}
                      onClick={() => setRemoving(layout)}
                      data-testid="views-delete"
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {rowError?.id === '' && (
        <p className="views-row-error" role="alert">
          {rowError.message}
        </p>
      )}

      <section className="views-transfer" aria-labelledby={`${conflictId}-title`}>
        <h3 className="views-transfer-title" id={`${conflictId}-title`}>
          Move views between computers
        </h3>
        <p className="text-muted small">
          A views file holds views and tours with the id of the profile each view plays with: never a
          password, key or platform address.
        </p>
        <div className="views-transfer-actions">
          <Button
            busy={busy === 'export-all'}
            disabled={layouts.length === 0}
            onClick={() => void exportViews()}
            data-testid="views-export-all"
          >
            Export all views and tours
          </Button>
          <Button
            busy={busy === 'import'}
            onClick={() => fileRef.current?.click()}
            data-testid="views-import"
          >
            Import a views file…
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="views-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <label className="views-conflict" htmlFor={conflictId}>
            <span className="small">When a view or tour is already here</span>
            <select
              id={conflictId}
              className="input select input-small"
              value={onConflict}
              onChange={(e) => setOnConflict(e.target.value as ImportConflict)}
              data-testid="views-conflict"
            >
              <option value="copy">keep both (import a copy)</option>
              <option value="replace">replace the saved one</option>
            </select>
          </label>
        </div>
        <p className="text-muted small">
          Identical views are left as they are, so importing a file twice adds nothing.{' '}
          {selected
            ? `A view whose profile is not on this computer will play with the selected profile, ${selected.name}.`
            : 'A view whose profile is not on this computer is refused until a profile is selected.'}
        </p>
        {imported && <ImportResult outcome={imported} />}
      </section>

      {removing && (
        <ConfirmDialog
          title="Delete view"
          message={
            <>
              <p>
                Delete the view "{removing.name}"? The devices are not affected; export it first to keep a
                copy.
              </p>
              {removing.id === openId && <p>It is on the wall now: the wall shows another view.</p>}
            </>
          }
          confirmLabel="Delete"
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </Dialog>
  );
}

function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const ref = useRef<HTMLDivElement>(null);
  // The result shows below the list: bring it into sight, or an operator sees nothing happen.
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React
    // would take for the effect's clean-up and call.
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  if (!outcome.ok) {
    const problems = outcome.error.details ?? [];
    return (
      <div ref={ref} className="error-panel views-import-error" role="alert" data-testid="views-import-error">
        <p className="error-panel-title">{outcome.fileName} was not imported</p>
        {problems.length > 0 ? (
          <>
            <p className="error-panel-message">
              Nothing was changed. Fix{' '}
              {problems.length === 1 ? 'this problem' : `these ${problems.length} problems`} in the file and
              import it again:
            </p>
            <ul className="views-problems">
              {problems.map((p, i) => (
                <li key={`${p.path}-${i}`} data-testid="views-problem">
                  <code className="mono views-problem-path">{p.path}</code>
                  <span>{p.message}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="error-panel-message">{outcome.error.message} Nothing was changed.</p>
        )}
      </div>
    );
  }
  const { views, tours } = outcome.summary;
  const written = [...views, ...tours].filter((v) => v.outcome !== 'unchanged').length;
  return (
    <div
      ref={ref}
      className="callout callout-info views-import-done"
      role="status"
      data-testid="views-import-done"
    >
      <p className="callout-title">
        {written === 0
          ? `Everything in ${outcome.fileName} is already here: nothing changed.`
          : `Imported ${outcome.fileName}`}
      </p>
      <ul className="views-imported">
        {views.map((v) => (
          <li key={`v-${v.from}`}>
            View "{v.name}": {OUTCOME_WORDS[v.outcome]}
            {v.reboundFrom && ` (its profile "${v.reboundFrom}" is not here: plays with the selected one)`}
          </li>
        ))}
        {tours.map((t) => (
          <li key={`t-${t.from}`}>
            Tour "{t.name}": {OUTCOME_WORDS[t.outcome]}
          </li>
        ))}
      </ul>
    </div>
  );
}
